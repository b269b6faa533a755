"""What the tests share: the shipped content, a forked toolkit, hostile inputs, PDF readers."""
