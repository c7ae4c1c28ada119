//! Items used by generated code. Not part of the public API.
