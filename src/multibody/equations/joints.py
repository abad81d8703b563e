"""Joint constraint groups (filled in by the joints work, issue 3)."""
