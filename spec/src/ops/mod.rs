//! The list of every op, one file per category. [`for_each_op!`] hands them,
//! in this order, to a code generator.

mod activations;
mod creation;
mod data_type;
mod elementwise;
mod fft;
mod general;
mod gradients;
mod indexing;
mod layers;
mod linear_algebra;
mod losses;
mod manipulation;
mod norms;
mod random;
mod searching;
mod sorting;
mod statistical;
mod utility;

/// Invoke the macro at the given path with the whole spec:
/// `ivy_spec::for_each_op!(ivy_macros::api)` expands to
/// `ivy_macros::api! { category elementwise { .. } category creation { .. } .. }`.
///
/// Each category file defines a `macro_rules!` that appends its ops and
/// passes them on, so a category is one file and the list stays one list.
#[macro_export]
macro_rules! for_each_op {
    ($($callback:tt)*) => {
        $crate::__ops_elementwise! { [$($callback)*] }
    };
}

/// [`for_each_op!`] with arguments for the generator:
/// `ivy_spec::for_each_op_with!([path::to::gen] args..)` expands to
/// `path::to::gen! { { args.. } category elementwise { .. } .. }`.
///
/// This is how a macro that a user invokes (`ivy::register_backend!`) gets
/// both the user's input and the spec.
#[macro_export]
macro_rules! for_each_op_with {
    ([$($callback:tt)*] $($args:tt)*) => {
        $crate::__ops_elementwise! { [[$($callback)*] { $($args)* }] }
    };
}

/// The end of the chain: call the generator with everything gathered.
#[doc(hidden)]
#[macro_export]
macro_rules! __ops_end {
    ([[$($callback:tt)*] { $($args:tt)* }] $($spec:tt)*) => {
        $($callback)*! { { $($args)* } $($spec)* }
    };
    ([$($callback:tt)*] $($spec:tt)*) => {
        $($callback)*! { $($spec)* }
    };
}
