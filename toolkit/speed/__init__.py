"""Speed in one place: kept results and work on other cores, called by commands only."""
