"""Type stub for knight.capi: the C-level API (declared in capi.pxd, for ``cimport``).

From Python the module only says which version of the API it implements.
"""

API_VERSION: int
