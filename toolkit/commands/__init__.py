"""One module per verb: the only code that runs the stages in order."""
