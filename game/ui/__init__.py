"""What scenes and views share for drawing: text, colours, the hint ring, captions."""
