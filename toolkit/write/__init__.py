"""Write stage: bytes reach disk atomically, inside the output folder; fonts, PDF/X and PNG bands
made for print."""
