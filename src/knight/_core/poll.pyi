"""Type stub for the polling helper of the cores (its C functions are cimported, not called)."""
