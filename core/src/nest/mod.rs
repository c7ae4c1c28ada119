//! Ivy's nest functions over dynamic nests. (Being written.)
