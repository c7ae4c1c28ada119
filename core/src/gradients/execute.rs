//! The gradient functions: [`execute_with_gradients`] and its typed
//! shorthands [`value_and_grad`], [`grad`], [`jac`], [`vjp`], [`jvp`].

use super::backward::backward;
use super::graph::{NodeRef, variable};
use crate::array::Array;
use crate::error::{Error, Result};
use crate::nest::{Index, IndexKey, Nest};
use crate::tree::{KeyPath, NodeKind, Tree, TreeDef, tree_flatten_with_path};
use indexmap::IndexMap;
use std::cell::Cell;
use std::collections::HashMap;

thread_local! {
    /// How many gradient functions are running on this thread.
    static DEPTH: Cell<usize> = const { Cell::new(0) };
}

/// One running gradient function: while it lives, a gradient function
/// called inside records its backward pass (so the outer one can
/// differentiate it).
struct Running {
    outermost: bool,
}

impl Running {
    fn enter() -> Running {
        let depth = DEPTH.with(|d| {
            let v = d.get();
            d.set(v + 1);
            v
        });
        Running {
            outermost: depth == 0,
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        DEPTH.with(|d| d.set(d.get().saturating_sub(1)));
    }
}

/// Whether `x` is traced by a running gradient function (Ivy's
/// `requires_gradient`). Outside the gradient functions no array is.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let x = ivy::array![1.0, 2.0];
/// assert!(!ivy::requires_gradient(&x));
/// ivy::grad(|x: &ivy::Array| {
///     assert!(ivy::requires_gradient(x));
///     ivy::sum(x)
/// })(&x)?;
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn requires_gradient(x: &Array) -> bool {
    x.is_traced()
}

/// Which part of a nest the gradient functions work on: the reference's
/// `xs_grad_idxs` and `ret_grad_idxs`.
#[derive(Clone, Debug, Default, PartialEq)]
enum Selection {
    /// The reference's default `((0,),)`: everything for an array or a
    /// map-like root, the element at index 0 for a list or tuple root.
    #[default]
    Default,
    /// `None`: every array.
    All,
    /// Index paths into the nest (prefixes of the selected leaves' paths).
    Paths(Vec<Index>),
}

impl Selection {
    fn from_option(idxs: Option<Vec<Index>>) -> Selection {
        match idxs {
            None => Selection::All,
            Some(p) => Selection::Paths(p),
        }
    }

    /// Resolve against a tree's root kind; `None` means all.
    fn resolve(&self, root: NodeKind, is_ret: bool) -> Option<Vec<Vec<String>>> {
        let to_strings = |p: &Index| -> Vec<String> {
            p.iter()
                .map(|k| match k {
                    IndexKey::Pos(i) => i.to_string(),
                    IndexKey::Key(s) => s.clone(),
                })
                .collect()
        };
        let listy = matches!(root, NodeKind::List | NodeKind::Tuple);
        match self {
            Selection::All => None,
            Selection::Default if listy => Some(vec![vec!["0".to_string()]]),
            Selection::Default => None,
            // The reference turns `[[0]]` on an array or container result
            // into None (every output).
            Selection::Paths(p)
                if is_ret && !listy && p.len() == 1 && p[0] == [IndexKey::Pos(0)] =>
            {
                None
            }
            Selection::Paths(p) => Some(p.iter().map(to_strings).collect()),
        }
    }
}

fn segments(path: &KeyPath) -> Vec<String> {
    path.iter().map(|e| e.chain_segment()).collect()
}

fn selected(path: &[String], sel: &Option<Vec<Vec<String>>>) -> bool {
    match sel {
        None => true,
        Some(prefixes) => prefixes
            .iter()
            .any(|p| p.len() <= path.len() && p[..] == path[..p.len()]),
    }
}

/// The keyword arguments of [`execute_with_gradients_with`] (the
/// reference's `retain_grads`, `xs_grad_idxs`, `ret_grad_idxs`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// let opts = ivy::gradients::ExecuteWithGradients::new()
///     .retain_grads(true)
///     .xs_grad_idxs(Some(vec![ivy::nest_index![0, "a"]]))
///     .ret_grad_idxs(None);
/// # let _ = opts;
/// ```
#[derive(Clone, Debug, Default)]
pub struct ExecuteWithGradients {
    retain_grads: bool,
    xs_grad_idxs: Selection,
    ret_grad_idxs: Selection,
}

impl ExecuteWithGradients {
    /// The defaults: `retain_grads = false`, and both index arguments at the
    /// reference's default `((0,),)`: every array of an array or map-like
    /// nest (a Container, a struct), the element at index 0 of a list or
    /// tuple.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let _ = ivy::gradients::ExecuteWithGradients::new();
    /// ```
    pub fn new() -> ExecuteWithGradients {
        ExecuteWithGradients::default()
    }

    /// Keep the graph of the returned values and gradients (they stay
    /// traced), so an enclosing gradient function can differentiate them
    /// again.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let _ = ivy::gradients::ExecuteWithGradients::new().retain_grads(true);
    /// ```
    pub fn retain_grads(mut self, retain: bool) -> ExecuteWithGradients {
        self.retain_grads = retain;
        self
    }

    /// The index paths into `xs` of the arrays to differentiate with
    /// respect to (each selects the arrays below it); `None` for every
    /// array.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let _ = ivy::gradients::ExecuteWithGradients::new().xs_grad_idxs(Some(vec![ivy::nest_index![1]]));
    /// ```
    pub fn xs_grad_idxs(mut self, idxs: Option<Vec<Index>>) -> ExecuteWithGradients {
        self.xs_grad_idxs = Selection::from_option(idxs);
        self
    }

    /// The index paths into the function's result of the outputs to
    /// differentiate; `None` for every output.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let _ = ivy::gradients::ExecuteWithGradients::new().ret_grad_idxs(Some(vec![ivy::nest_index!["a"]]));
    /// ```
    pub fn ret_grad_idxs(mut self, idxs: Option<Vec<Index>>) -> ExecuteWithGradients {
        self.ret_grad_idxs = Selection::from_option(idxs);
        self
    }
}

/// The inputs of a gradient call, traced.
struct Traced<X> {
    /// `xs` with the selected arrays replaced by variables.
    xs: X,
    /// Key paths of the leaves, as key-chain segments.
    paths: Vec<Vec<String>>,
    /// For each leaf, the index of its variable in `nodes` (None if not
    /// selected). Duplicates share one.
    var_of_leaf: Vec<Option<usize>>,
    /// The variables (unique).
    nodes: Vec<NodeRef>,
    /// The value of each variable (after the int-to-float cast).
    values: Vec<Array>,
    def: TreeDef,
}

/// Trace the selected arrays of `xs`: integer and boolean arrays are cast
/// to the default float dtype first, and the same array at several places
/// becomes one variable.
fn trace<X: Tree<Array>>(op: &str, xs: &X, sel: &Selection) -> Result<Traced<X>> {
    let (pairs, def) = tree_flatten_with_path::<X, Array>(xs);
    let chosen = sel.resolve(def.kind(), false);
    let mut by_identity: HashMap<(usize, Vec<usize>, crate::Dtype, usize), usize> = HashMap::new();
    let mut nodes = Vec::new();
    let mut values = Vec::new();
    let mut leaves = Vec::with_capacity(pairs.len());
    let mut paths = Vec::with_capacity(pairs.len());
    let mut var_of_leaf = Vec::with_capacity(pairs.len());
    for (path, x) in pairs {
        let segs = segments(&path);
        if !selected(&segs, &chosen) {
            leaves.push(x);
            var_of_leaf.push(None);
            paths.push(segs);
            continue;
        }
        let id = (
            x.storage_addr(),
            x.shape().dims().to_vec(),
            x.dtype(),
            x.grad_node().map_or(0, |n| NodeRef::as_ptr(n) as usize),
        );
        let v = match by_identity.get(&id) {
            Some(&v) => v,
            None => {
                let x = if x.dtype().is_float() || x.dtype().is_complex() {
                    x.clone()
                } else {
                    crate::api::astype(&x, crate::dtype::default_float_dtype()).map_err(|e| {
                        Error::invalid(
                            op,
                            format!("cannot make `{}` a float variable: {e}", path.key_chain()),
                        )
                    })?
                };
                let (traced, node) = variable(&x);
                nodes.push(node);
                values.push(traced);
                by_identity.insert(id, nodes.len() - 1);
                nodes.len() - 1
            }
        };
        leaves.push(values[v].clone());
        var_of_leaf.push(Some(v));
        paths.push(segs);
    }
    let xs = def.unflatten::<X, Array>(leaves)?;
    Ok(Traced {
        xs,
        paths,
        var_of_leaf,
        nodes,
        values,
        def,
    })
}

impl<X: Tree<Array>> Traced<X> {
    /// The gradients of the variables as a value of the type of `xs`, when
    /// every array of `xs` is a variable (the typed gradient functions).
    fn like_xs(&self, op: &str, grads: &[Array], detach: bool) -> Result<X> {
        let leaves = self
            .var_of_leaf
            .iter()
            .zip(&self.paths)
            .map(|(v, path)| match v {
                Some(v) => Ok(detach_if(grads[*v].clone(), detach)),
                None => Err(Error::invalid(
                    op,
                    format!("the array at `{}` was not differentiated", path.join("/")),
                )),
            })
            .collect::<Result<Vec<Array>>>()?;
        self.def.unflatten::<X, Array>(leaves)
    }
}

impl<X> Traced<X> {
    /// The gradient of `sum(y * seed)` for every variable (zeros where `y`
    /// does not depend on it), non-finite values made 0.
    fn gradients(
        &self,
        op: &str,
        roots: &[(&Array, Array)],
        create_graph: bool,
    ) -> Result<Vec<Array>> {
        let found = backward(op, roots, &self.nodes, create_graph)?;
        found
            .into_iter()
            .zip(&self.values)
            .map(|(g, v)| match g {
                Some(g) => finite_or_zero(&g),
                None => crate::api::zeros_like(&v.detach()),
            })
            .collect()
    }
}

/// Whether every element of a host float array is finite, in one pass
/// (false when unknown: the caller then checks with ivy ops).
fn all_finite(g: &Array) -> bool {
    fn each<T: Copy>(s: Option<&[T]>, ok: impl Fn(T) -> bool) -> Option<bool> {
        s.map(|s| s.iter().fold(true, |acc, &x| acc & ok(x)))
    }
    // `x * 0` is 0 for a finite `x` and NaN otherwise; summed in eight
    // independent lanes, which the compiler turns into vector adds (a fold
    // of `is_finite` stays scalar).
    fn all_zero_diffs<T: num_traits::Float>(s: Option<&[T]>) -> Option<bool> {
        let s = s?;
        let mut lanes = [T::zero(); 8];
        let chunks = s.chunks_exact(8);
        let rest = chunks.remainder();
        for c in chunks {
            for (l, &x) in lanes.iter_mut().zip(c) {
                *l = *l + x * T::zero();
            }
        }
        let total = rest.iter().fold(T::zero(), |a, &x| a + x * T::zero());
        Some(lanes.iter().fold(total, |a, &l| a + l) == T::zero())
    }
    all_zero_diffs(g.as_slice::<f32>())
        .or_else(|| all_zero_diffs(g.as_slice::<f64>()))
        .or_else(|| each(g.as_slice::<crate::f16>(), |x| x.is_finite()))
        .or_else(|| each(g.as_slice::<crate::bf16>(), |x| x.is_finite()))
        .or_else(|| each(g.as_slice::<crate::Complex32>(), |x| x.is_finite()))
        .or_else(|| each(g.as_slice::<crate::Complex64>(), |x| x.is_finite()))
        .unwrap_or(false)
}

/// Seed 003's policy: gradients that are NaN or infinite become 0.
fn finite_or_zero(g: &Array) -> Result<Array> {
    if all_finite(g) {
        return Ok(g.clone());
    }
    let ok = crate::api::isfinite(g)?;
    if crate::api::all(&ok)?.item()? == crate::Scalar::Bool(true) {
        return Ok(g.clone());
    }
    crate::api::r#where(&ok, g, 0)
}

fn detach_if(a: Array, detach: bool) -> Array {
    if detach { a.detach() } else { a }
}

/// Run `func` on `xs` and differentiate its result with respect to `xs`
/// (the reference's `execute_with_gradients` with its defaults); see
/// [`execute_with_gradients_with`].
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let x = ivy::array![1.0, 2.0, 3.0];
/// let (y, grads) = ivy::execute_with_gradients(|x: &ivy::Array| ivy::sum(&ivy::square(x)?), &x)?;
/// assert_eq!(y, ivy::Array::scalar(14.0f32));
/// assert_eq!(grads.leaf(), Some(&ivy::array![2.0, 4.0, 6.0]));
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn execute_with_gradients<X, R, F>(func: F, xs: &X) -> Result<(R, Nest)>
where
    X: Tree<Array>,
    R: Tree<Array>,
    F: FnOnce(&X) -> Result<R>,
{
    execute_with_gradients_with(func, xs, ExecuteWithGradients::new())
}

/// Run `func` on `xs` and differentiate the selected outputs with respect to
/// the selected arrays of `xs` (the reference's `execute_with_gradients`).
///
/// `xs` is an array, a [`Container`](crate::Container) or any tree of
/// arrays; so is what `func` returns. Returns `(func_ret, grads)`:
///
/// - the selected arrays of `xs` (all, by default, for an array or a
///   map-like `xs`; `xs[0]` for a list or tuple, as in the reference) are
///   traced; integer and boolean ones are first cast to the default float
///   dtype, and an array that appears at several places gets the total
///   gradient at each;
/// - `grads` mirrors the selected part of `xs` as a [`Nest`] (unselected
///   arrays and emptied branches pruned, a list of one element unwrapped;
///   convert with [`Nest::into_tree`], e.g. to a `Container`). With one
///   output and `ret_grad_idxs` at its default (or `None`), `grads` is that
///   output's gradient; otherwise a dict keyed by each output's index path
///   joined with `_` (`"0"`, `"a"`, `"a_b"`) holds one per output;
/// - an output of several elements is differentiated through its sum
///   (the reference needs 0-d outputs);
/// - non-finite gradients become 0;
/// - everything returned is detached, unless `retain_grads` is set or the
///   call runs inside another gradient function, whose graph it then
///   extends.
///
/// The seed's example: `xs = [x, y]` of two containers, gradients of output
/// `a` with respect to `xs[0]` only. `x.a` and `x.b` are the same array, so
/// both get the total gradient of that array.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let a = ivy::array![1.0, 2.0, 3.0];
/// let x = ivy::container! { a: a.clone(), b: a.clone() };
/// let y = ivy::container! { b: ivy::array![4.0, 5.0, 6.0], c: a.clone() };
/// let xs = vec![x, y];
/// let func = |xs: &Vec<ivy::Container>| ivy::mean(&ivy::add(&xs[0], xs[1].leaf("b")?)?);
/// let opts = ivy::gradients::ExecuteWithGradients::new()
///     .xs_grad_idxs(Some(vec![ivy::nest_index![0]]))
///     .ret_grad_idxs(Some(vec![ivy::nest_index!["a"]]));
/// let (ret, grads) = ivy::execute_with_gradients_with(func, &xs, opts)?;
/// assert_eq!(ret.leaf("a")?, &ivy::Array::scalar(7.0f32));
/// let grads: ivy::Container = grads.into_tree()?;
/// let third = ivy::full_with([3], 1.0 / 3.0, ivy::opts::Full::new().dtype(ivy::Dtype::Float32))?;
/// assert_eq!(grads.leaf("a/a")?, &third);
/// assert_eq!(grads.leaf("a/b")?, &third);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn execute_with_gradients_with<X, R, F>(
    func: F,
    xs: &X,
    opts: ExecuteWithGradients,
) -> Result<(R, Nest)>
where
    X: Tree<Array>,
    R: Tree<Array>,
    F: FnOnce(&X) -> Result<R>,
{
    const OP: &str = "execute_with_gradients";
    let running = Running::enter();
    let create_graph = opts.retain_grads || !running.outermost;
    let detach = !create_graph;
    let traced = trace(OP, xs, &opts.xs_grad_idxs)?;
    let ret = func(&traced.xs)?;

    let (outs, ret_def) = tree_flatten_with_path::<R, Array>(&ret);
    let chosen = opts.ret_grad_idxs.resolve(ret_def.kind(), true);
    let single = chosen.is_none();
    let selected_outs: Vec<(Vec<String>, &Array)> = outs
        .iter()
        .map(|(p, a)| (segments(p), a))
        .filter(|(p, _)| selected(p, &chosen))
        .collect();

    let mut per_output: Vec<(String, Nest)> = Vec::new();
    for (path, y) in &selected_outs {
        let seed = crate::api::ones_like(&y.detach())?;
        let grads = traced.gradients(OP, &[(y, seed)], create_graph)?;
        let nest = grads_nest(xs, &traced, &grads, detach)?;
        per_output.push((path.join("_"), nest));
    }
    let grads = if single && per_output.len() == 1 {
        per_output.pop().map(|(_, n)| n).unwrap_or(Nest::None)
    } else {
        Nest::Dict(per_output.into_iter().collect::<IndexMap<String, Nest>>())
    };
    let ret_leaves = outs.into_iter().map(|(_, a)| detach_if(a, detach));
    let ret = ret_def.unflatten::<R, Array>(ret_leaves)?;
    drop(running);
    Ok((ret, grads))
}

/// The gradients as a nest mirroring `xs`, pruned to the selected arrays.
fn grads_nest<X: Tree<Array>>(
    xs: &X,
    traced: &Traced<X>,
    grads: &[Array],
    detach: bool,
) -> Result<Nest> {
    let by_path: HashMap<&[String], &Array> = traced
        .paths
        .iter()
        .zip(&traced.var_of_leaf)
        .filter_map(|(p, v)| v.map(|v| (p.as_slice(), &grads[v])))
        .collect();
    let shape = Nest::from_tree(xs);
    let mut path = Vec::new();
    let pruned = prune(shape, &mut path, &by_path, detach);
    Ok(match pruned {
        Some(Nest::List(mut items)) if items.len() == 1 => items.pop().unwrap_or(Nest::None),
        Some(n) => n,
        None => Nest::None,
    })
}

fn prune(
    n: Nest,
    path: &mut Vec<String>,
    grads: &HashMap<&[String], &Array>,
    detach: bool,
) -> Option<Nest> {
    match n {
        Nest::Leaf(_) => grads
            .get(path.as_slice())
            .map(|g| Nest::Leaf(detach_if((*g).clone(), detach))),
        Nest::None => None,
        Nest::List(items) | Nest::Tuple(items) => {
            let kept: Vec<Nest> = items
                .into_iter()
                .enumerate()
                .filter_map(|(i, c)| {
                    path.push(i.to_string());
                    let r = prune(c, path, grads, detach);
                    path.pop();
                    r
                })
                .collect();
            (!kept.is_empty()).then_some(Nest::List(kept))
        }
        Nest::Dict(map) => {
            let kept: IndexMap<String, Nest> = map
                .into_iter()
                .filter_map(|(k, c)| {
                    path.push(k.clone());
                    let r = prune(c, path, grads, detach);
                    path.pop();
                    r.map(|r| (k, r))
                })
                .collect();
            (!kept.is_empty()).then_some(Nest::Dict(kept))
        }
    }
}

/// `func` as a function returning its value and its gradient with respect
/// to every array of its argument, which may be an array, a
/// [`Container`](crate::Container) or any tree of arrays; the gradient has
/// the argument's type (the reference's `value_and_grad`). The value must
/// be one array; one of several elements is differentiated through its sum.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let w = ivy::container! { a: [1.0, 2.0], b: [3.0] };
/// let loss = |w: &ivy::Container| -> ivy::Result<ivy::Array> {
///     ivy::add(&ivy::sum(&ivy::square(w.leaf("a")?)?)?, &ivy::sum(w.leaf("b")?)?)
/// };
/// let (value, grads) = ivy::value_and_grad(loss)(&w)?;
/// assert_eq!(value, ivy::Array::scalar(8.0f32));
/// assert_eq!(grads.leaf("a")?, &ivy::array![2.0, 4.0]);
/// assert_eq!(grads.leaf("b")?, &ivy::array![1.0]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn value_and_grad<X, F>(func: F) -> impl Fn(&X) -> Result<(Array, X)>
where
    X: Tree<Array>,
    F: Fn(&X) -> Result<Array>,
{
    move |xs: &X| {
        const OP: &str = "value_and_grad";
        let running = Running::enter();
        let create_graph = !running.outermost;
        let traced = trace(OP, xs, &Selection::All)?;
        let y = func(&traced.xs)?;
        let seed = crate::api::ones_like(&y.detach())?;
        let grads = traced.gradients(OP, &[(&y, seed)], create_graph)?;
        let g = traced.like_xs(OP, &grads, !create_graph)?;
        Ok((detach_if(y, !create_graph), g))
    }
}

/// `func` as a function returning its gradient with respect to every array
/// of its argument (the reference's `grad`); nest it for higher orders.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let f = |x: &ivy::Array| ivy::sum(&ivy::sin(x)?);
/// let x = ivy::array![0.0f64, 1.0];
/// let d2 = ivy::grad(ivy::grad(f))(&x)?; // -sin(x)
/// assert_eq!(d2, ivy::negative(&ivy::sin(&x)?)?);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn grad<X, F>(func: F) -> impl Fn(&X) -> Result<X>
where
    X: Tree<Array>,
    F: Fn(&X) -> Result<Array>,
{
    let vg = value_and_grad(func);
    move |xs: &X| vg(xs).map(|(_, g)| g)
}

/// `func` as a function returning its Jacobian at `x`: an array of shape
/// `out.shape + x.shape` (the reference's `jac`), computed with one backward
/// pass per output element.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let j = ivy::jac(|x: &ivy::Array| ivy::multiply(x, x))(&ivy::array![1.0, 2.0])?;
/// assert_eq!(j, ivy::array![[2.0, 0.0], [0.0, 4.0]]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn jac<F>(func: F) -> impl Fn(&Array) -> Result<Array>
where
    F: Fn(&Array) -> Result<Array>,
{
    move |x: &Array| {
        const OP: &str = "jac";
        let running = Running::enter();
        let create_graph = !running.outermost;
        let traced = trace(OP, x, &Selection::All)?;
        let y = func(&traced.xs)?;
        let n = y.size();
        let mut rows = Vec::with_capacity(n);
        for i in 0..n {
            let mut one = vec![0.0f64; n];
            one[i] = 1.0;
            let seed =
                crate::api::astype(&Array::from_shape_vec(y.shape().clone(), one)?, y.dtype())?;
            let g = traced.gradients(OP, &[(&y, seed)], create_graph)?;
            rows.push(g.into_iter().next().unwrap_or(crate::api::zeros_like(x)?));
        }
        let mut dims = y.shape().dims().to_vec();
        dims.extend_from_slice(traced.values[0].shape().dims());
        let stacked = if rows.is_empty() {
            crate::api::zeros_with(
                crate::Shape::from(dims.clone()),
                crate::opts::Zeros::new().dtype(traced.values[0].dtype()),
            )?
        } else {
            crate::api::stack(rows)?
        };
        let j = crate::api::reshape(&stacked, crate::Ints::from(dims))?;
        Ok(detach_if(j, !create_graph))
    }
}

/// The vector-Jacobian product of `func` at `primals` (the reference's
/// `vjp`): returns `func(primals)` and a function from a cotangent of the
/// output's shape to the gradient with respect to `primals`. The function
/// may be called any number of times; the graph lives as long as it does.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let (y, back) = ivy::vjp(|x: &ivy::Array| ivy::multiply(x, x), &ivy::array![1.0, 3.0])?;
/// assert_eq!(y, ivy::array![1.0, 9.0]);
/// assert_eq!(back(&ivy::array![1.0, 10.0])?, ivy::array![2.0, 60.0]);
/// # Ok::<(), ivy::Error>(())
/// ```
#[allow(clippy::type_complexity)]
pub fn vjp<X, F>(func: F, primals: &X) -> Result<(Array, Box<dyn Fn(&Array) -> Result<X>>)>
where
    X: Tree<Array> + 'static,
    F: FnOnce(&X) -> Result<Array>,
{
    const OP: &str = "vjp";
    let running = Running::enter();
    let create_graph = !running.outermost;
    let traced = trace(OP, primals, &Selection::All)?;
    let y = func(&traced.xs)?;
    drop(running);
    let out = detach_if(y.clone(), !create_graph);
    let back = move |ct: &Array| -> Result<X> {
        if ct.shape() != y.shape() {
            return Err(Error::shape(
                OP,
                "the cotangent must have the output's shape",
                vec![ct.shape().clone(), y.shape().clone()],
            ));
        }
        let grads = traced.gradients(OP, &[(&y, ct.clone())], create_graph)?;
        traced.like_xs(OP, &grads, !create_graph)
    };
    Ok((out, Box::new(back)))
}

/// The Jacobian-vector product of `func` at `primals` along `tangents` (the
/// reference's `jvp`): returns `(func(primals), J · tangents)`. It is
/// computed in reverse mode, as the derivative of the (linear)
/// vector-Jacobian product, so it works wherever gradients of gradients do.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let (y, t) = ivy::jvp(|x: &ivy::Array| ivy::multiply(x, x), &ivy::array![1.0, 3.0], &ivy::array![1.0, 0.5])?;
/// assert_eq!(y, ivy::array![1.0, 9.0]);
/// assert_eq!(t, ivy::array![2.0, 3.0]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn jvp<X, F>(func: F, primals: &X, tangents: &X) -> Result<(Array, Array)>
where
    X: Tree<Array>,
    F: FnOnce(&X) -> Result<Array>,
{
    const OP: &str = "jvp";
    let running = Running::enter();
    let create_graph = !running.outermost;
    let traced = trace(OP, primals, &Selection::All)?;
    let (tangent_leaves, tdef) = crate::tree::tree_flatten::<X, Array>(tangents);
    if tdef != traced.def {
        return Err(Error::invalid(
            OP,
            format!("tangents have structure {tdef}, primals {}", traced.def),
        ));
    }
    let y = func(&traced.xs)?;
    // u stands for the cotangent; the gradient is linear in it.
    let (u, u_node) = variable(&crate::api::ones_like(&y.detach())?);
    let found = backward(OP, &[(&y, u.clone())], &traced.nodes, true)?;
    let mut roots: Vec<(&Array, Array)> = Vec::new();
    let mut seeds: Vec<Option<Array>> = vec![None; traced.nodes.len()];
    for (leaf, v) in traced.var_of_leaf.iter().enumerate() {
        if let Some(v) = v {
            let t = crate::api::astype(&tangent_leaves[leaf], traced.values[*v].dtype())?;
            if t.shape() != traced.values[*v].shape() {
                return Err(Error::shape(
                    OP,
                    "each tangent must have its primal's shape",
                    vec![t.shape().clone(), traced.values[*v].shape().clone()],
                ));
            }
            seeds[*v] = Some(match seeds[*v].take() {
                None => t,
                Some(s) => crate::api::add(&s, &t)?,
            });
        }
    }
    for (g, s) in found.iter().zip(seeds) {
        if let (Some(g), Some(s)) = (g, s) {
            roots.push((g, s));
        }
    }
    let t = backward(OP, &roots, &[u_node], create_graph)?
        .into_iter()
        .next()
        .flatten();
    let t = match t {
        Some(t) => t,
        None => crate::api::zeros_like(&y.detach())?,
    };
    Ok((detach_if(y, !create_graph), detach_if(t, !create_graph)))
}
