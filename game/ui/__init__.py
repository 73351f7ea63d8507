"""What scenes and views share: actions from the input devices, text, colours, the hint
ring, captions, the window's name for the desktop."""
