//! The core of ivy: dtypes, [`Array`], backends, pytrees and nests, and the
//! functional API generated from the op spec.
//!
//! Users depend on the facade crate `ivy`, which re-exports everything here and
//! links the default backend. This crate is what backends depend on.

#![warn(missing_docs)]

// Generated code (here and in user crates) names items as `::ivy::...`; inside
// this crate that path is the crate itself.
extern crate self as ivy;

pub mod args;
pub mod array;
pub mod array_api;
pub mod backend;
pub mod catalogue;
pub mod checks;
pub mod container;
mod device;
pub mod dtype;
mod error;
pub mod gradients;
pub mod index;
#[doc(hidden)]
pub mod layer_support;
pub mod nest;
mod nestable;
pub mod parallel;
pub mod random;
mod scalar;
pub mod shape;
pub mod tree;

mod api;
pub mod control_flow;

#[doc(hidden)]
pub mod __private;

pub use array::{
    Array, Buffer, Data, Fill, HostData, IntoArray, NativeData, from_dlpack, from_dlpack_shared,
};
pub use array_api::{NamespaceInfo, array_namespace_info, isdtype};
pub use backend::{
    BackendEntry, BackendHandle, available_backends, current_backend, current_backend_str,
    get_backend, set_backend, unset_backend, use_backend, with_backend,
};
pub use container::{Config, Container, ContainerMut, ContainerRef, Entry, EntryMut, EntryRef};
pub use device::{Device, DeviceSet, default_device, set_default_device, unset_default_device};
/// DLPack, the interchange format `from_dlpack` reads and [`Array::to_dlpack`] writes (the `dlpark` crate).
pub use dlpark;
pub use dtype::*;
pub use error::{DtypeList, Error, Result};
pub use gradients::{
    bind_custom_gradient_function, execute_with_gradients, execute_with_gradients_with, grad, jac,
    jvp, requires_gradient, value_and_grad, vjp,
};
pub use index::{Ellipsis, Index, IndexItem, IndexPlan, IndexSource, NewAxis, SliceRange};
pub use parallel::{NumThreads, num_threads, set_num_threads, unset_num_threads, with_num_threads};
pub use scalar::Scalar;
pub use shape::{Shape, broadcast_shapes_of, normalize_axes, normalize_axis};

pub use api::*;
pub use args::{
    ArrayLike, ArrayOperand, Axes, Contraction, DependentOperand, Ints, Nestable, Node, Operand,
    Operands, Out, Splits, split_sizes,
};
pub use catalogue::{
    function_supported_devices, function_supported_devices_and_dtypes, function_supported_dtypes,
    function_unsupported_devices, function_unsupported_devices_and_dtypes,
    function_unsupported_dtypes,
};
pub use control_flow::{Condition, for_loop, if_else, vmap, while_loop};
pub use ivy_macros::{kernels, op};
pub use layer_support::Padding;
pub use nest::{
    IndexKey, MultiMapOptions, Nest, NestedMapOptions, all_nested_indices, copy_nest,
    duplicate_array_index_chains, duplicate_leaf_index_chains, index_nest,
    insert_into_nest_at_index, insert_into_nest_at_indices, map, map_mean, map_nest_at_index,
    map_nest_at_index_mut, map_nest_at_indices, map_nest_at_indices_mut, multi_index_nest,
    nested_any, nested_argwhere, nested_map, nested_map_mut, nested_map_with, nested_multi_map,
    nested_multi_map_with, prune_empty, prune_empty_mut, prune_nest_at_index,
    prune_nest_at_indices, set_nest_at_index, set_nest_at_index_mut, set_nest_at_indices,
    set_nest_at_indices_mut,
};
pub use tree::{
    Tree, TreeDef, TreeMap, keystr, tree_accessors, tree_all, tree_all_with, tree_any,
    tree_any_with, tree_broadcast_common, tree_broadcast_prefix, tree_flatten, tree_flatten_with,
    tree_flatten_with_accessor, tree_flatten_with_path, tree_leaves, tree_leaves_with_path,
    tree_map, tree_map_mut, tree_map_n, tree_map_up_to, tree_map_up_to_n, tree_map_with,
    tree_map_with_accessor, tree_map_with_path, tree_map2, tree_map3, tree_reduce,
    tree_reduce_with, tree_structure, tree_structure_with, tree_transpose, tree_try_map,
    tree_unflatten, tree_unflatten_with,
};
