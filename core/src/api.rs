//! The API generated from the op spec: one module per category with the
//! functions, the options structs (`opts`), the kernel traits and `Backend`
//! (`kernels`), the Array methods and operators, and the catalogue data.

ivy_spec::for_each_op!(ivy_macros::api);
