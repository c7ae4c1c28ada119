//! The rules a spec must follow, one function per rule.
//!
//! [`check_spec`] runs every rule over a whole spec; [`check_op`] runs the
//! per-op rules (also used by `#[op]`). Errors go to the [`Ctxt`] with the span
//! of the offending token.

use crate::ctxt::Ctxt;
use crate::model::*;
use std::collections::HashMap;
use syn::spanned::Spanned;
use syn::visit::Visit;

/// Check a whole spec and fill in each op's callees.
pub fn check_spec(spec: &mut Spec, cx: &Ctxt) {
    check_unique_names(spec, cx);
    for op in spec.categories.iter().flat_map(|c| c.ops.iter()) {
        check_op(op, cx);
    }
    let names: Vec<String> = spec.ops().map(|o| o.name.clone()).collect();
    for op in spec.categories.iter_mut().flat_map(|c| c.ops.iter_mut()) {
        op.callees = collect_callees(op, &names, cx);
    }
}

/// Check one op on its own.
pub fn check_op(op: &Op, cx: &Ctxt) {
    check_body_matches_kind(op, cx);
    check_differentiability_stated(op, cx);
    check_promote_names(op, cx);
    check_operator_arity(op, cx);
    check_defaults(op, cx);
    check_axes_have_an_array(op, cx);
    check_samples_name_params(op, cx);
    check_vjp(op, cx);
    check_dtype_param_rule(op, cx);
    check_tables(op, cx);
    check_empty_domain(op, cx);
    check_cast_names(op, cx);
    check_dtype_of(op, cx);
    check_container_params(op, cx);
    check_rules(op, cx);
    check_check_fns(op, cx);
}

/// Argument rules sit on parameters of the kind they test: `#[one_of]` on a
/// `Str`, the others on an `Array` (either under `Option`); each at most
/// once, with a value that can hold (`#[one_of]` lists distinct strings,
/// `#[same_shape]` names another array parameter).
fn check_rules(op: &Op, cx: &Ctxt) {
    for p in &op.params {
        let base = match &p.kind {
            ParamKind::Option(k) => &**k,
            k => k,
        };
        let mut seen: Vec<&str> = Vec::new();
        for (rule, span) in &p.rules {
            let kw = rule.keyword();
            let dims = matches!(rule, Rule::Ndim(_) | Rule::MinNdim(_) | Rule::Square);
            let dims_seen = ["ndim", "min_ndim", "square"]
                .iter()
                .any(|d| seen.contains(d));
            if seen.contains(&kw) || (dims && dims_seen) {
                cx.error(
                    *span,
                    format!(
                        "parameter `{}` has more than one rule on its dimensions (#[ndim], #[min_ndim], #[square]): keep one",
                        p.name
                    ),
                );
            }
            seen.push(kw);
            let (fits, wants) = match rule {
                Rule::OneOf(_) => (*base == ParamKind::Str, "Str"),
                Rule::Dtypes(..) => (
                    matches!(base, ParamKind::Array | ParamKind::Dtype),
                    "Array` or `Dtype",
                ),
                _ => (*base == ParamKind::Array, "Array"),
            };
            if !fits {
                cx.error(
                    *span,
                    format!(
                        "#[{kw}] is a rule on a `{wants}` parameter (or `Option<{wants}>`); `{}` is `{}`",
                        p.name,
                        p.kind.spelling()
                    ),
                );
            }
            match rule {
                Rule::OneOf(values) => {
                    if values.is_empty() {
                        cx.error(*span, format!("#[one_of] on `{}` lists no value", p.name));
                    }
                    for (i, v) in values.iter().enumerate() {
                        if values[..i].iter().any(|w| w.value() == v.value()) {
                            cx.error(
                                v.span(),
                                format!("#[one_of] on `{}` lists {:?} twice", p.name, v.value()),
                            );
                        }
                    }
                }
                Rule::Dtypes(mask, text) if mask.0 == 0 => cx.error(
                    *span,
                    format!("#[dtypes({text})] on `{}` admits no dtype", p.name),
                ),
                Rule::SameShape(other) => match op.param(&ident_name(other)) {
                    Some(q) if q.name == p.name => cx.error(
                        other.span(),
                        format!("#[same_shape] on `{}` names the parameter itself", p.name),
                    ),
                    Some(q) if q.kind == ParamKind::Array => {}
                    Some(q) => cx.error(
                        other.span(),
                        format!(
                            "#[same_shape] names `{}`, which is `{}`, not `Array`",
                            q.name,
                            q.kind.spelling()
                        ),
                    ),
                    None => cx.error(
                        other.span(),
                        format!(
                            "#[same_shape] names `{other}`, which is not a parameter of `{}`",
                            op.name
                        ),
                    ),
                },
                _ => {}
            }
        }
    }
}

/// `#[check(path)]` calls a function with the kernel's arguments, so it
/// belongs to an op with a kernel; a compositional body checks what it needs
/// itself (or through parameter rules).
fn check_check_fns(op: &Op, cx: &Ctxt) {
    if !op.kind.has_kernel() {
        for path in &op.checks {
            cx.error(
                path.span(),
                format!(
                    "#[check] runs with the kernel's arguments, and #[{}] op `{}` has no kernel; \
                     state the rule on a parameter (#[{}]) or check in the body",
                    op.kind.keyword(),
                    op.name,
                    Rule::NAMES.join("], #[")
                ),
            );
        }
    }
}

/// A `Container` parameter (which makes the op container-dependent) belongs
/// to a compositional op only: kernels work on arrays. It is required, or
/// `Option<Container>` defaulting to `None`.
fn check_container_params(op: &Op, cx: &Ctxt) {
    for p in op.params.iter().filter(|p| p.kind.is_container()) {
        if op.kind != OpKind::Compositional && op.kind != OpKind::Standalone {
            cx.error(
                p.kind_span,
                format!(
                    "parameter `{}` of #[{}] op `{}` is a Container: only #[compositional] ops take containers \
                     whole (a kernel works on arrays); write the op as #[compositional]",
                    p.name,
                    op.kind.keyword(),
                    op.name
                ),
            );
        }
        match (&p.kind, &p.default) {
            (ParamKind::Container, Some(_)) => cx.error(
                p.ident.span(),
                format!(
                    "container parameter `{}` cannot have a default; make it `#[default(None)] {}: Option<Container>`",
                    p.name, p.name
                ),
            ),
            (ParamKind::Option(_), Some(Default::Expr(e))) => cx.error(
                e.span(),
                format!("container parameter `{}` can only default to None", p.name),
            ),
            _ => {}
        }
    }
}

fn check_dtype_of(op: &Op, cx: &Ctxt) {
    if let Some(name) = &op.dtype_of {
        match op.param(&ident_name(name)) {
            Some(p) if p.kind.is_array() => {}
            _ => cx.error(
                name.span(),
                format!(
                    "#[dtype_of] names `{name}`, which is not an array parameter of `{}`",
                    op.name
                ),
            ),
        }
    }
}

fn check_cast_names(op: &Op, cx: &Ctxt) {
    for c in &op.casts {
        for name in &c.params {
            match op.param(&ident_name(name)) {
                Some(p) if p.kind.is_array() => {}
                _ => cx.error(
                    name.span(),
                    format!(
                        "#[cast] names `{name}`, which is not an array parameter of `{}`",
                        op.name
                    ),
                ),
            }
        }
    }
}

fn check_unique_names(spec: &Spec, cx: &Ctxt) {
    let mut seen: HashMap<String, &Op> = HashMap::new();
    for op in spec.ops() {
        if let Some(first) = seen.get(&op.name) {
            let mut e = syn::Error::new(
                op.ident.span(),
                format!(
                    "duplicate op `{}`: every op is written once in the spec",
                    op.name
                ),
            );
            e.combine(syn::Error::new(
                first.ident.span(),
                format!("`{}` is first defined here", op.name),
            ));
            cx.syn_error(e);
        } else {
            seen.insert(op.name.clone(), op);
        }
    }
}

fn check_body_matches_kind(op: &Op, cx: &Ctxt) {
    match (&op.body, op.kind) {
        (Some(body), OpKind::Primary) => cx.error(
            body.span(),
            format!(
                "primary op `{}` has a body; a primary op is implemented by a kernel per backend. \
                 Remove the body, or make it #[compositional] (no kernels) or #[mixed] (kernels with this body as fallback)",
                op.name
            ),
        ),
        (None, k) if k.has_body() => cx.error(
            op.ident.span(),
            format!("#[{}] op `{}` needs a body written in terms of other ivy ops", k.keyword(), op.name),
        ),
        _ => {}
    }
}

fn check_differentiability_stated(op: &Op, cx: &Ctxt) {
    match (op.kind, &op.differentiable) {
        (OpKind::Primary | OpKind::Mixed, Differentiable::Unstated) => cx.error(
            op.kind_span,
            format!(
                "op `{}` must say whether it is differentiable: add #[differentiable] or #[not_differentiable]",
                op.name
            ),
        ),
        (OpKind::Standalone, Differentiable::Yes) => cx.error(
            op.kind_span,
            format!("standalone op `{}` cannot be #[differentiable]: it computes no array", op.name),
        ),
        _ => {}
    }
}

fn check_promote_names(op: &Op, cx: &Ctxt) {
    for name in &op.promote {
        if name == "__all" {
            let arrays = op
                .params
                .iter()
                .filter(|p| p.kind == ParamKind::Array)
                .count();
            let lists = op
                .params
                .iter()
                .filter(|p| p.kind == ParamKind::Arrays)
                .count();
            if arrays < 2 && lists == 0 {
                cx.error(
                    name.span(),
                    format!(
                        "#[promote] on `{}` needs at least two array parameters",
                        op.name
                    ),
                );
            }
            continue;
        }
        match op.param(&ident_name(name)) {
            Some(p) if matches!(p.kind, ParamKind::Array) => {}
            Some(p) => cx.error(
                name.span(),
                format!(
                    "#[promote] names `{}`, which is a {} parameter, not an Array",
                    p.name,
                    p.kind.spelling()
                ),
            ),
            None => cx.error(
                name.span(),
                format!(
                    "#[promote] names `{name}`, which is not a parameter of `{}`",
                    op.name
                ),
            ),
        }
    }
}

fn check_operator_arity(op: &Op, cx: &Ctxt) {
    let arrays = op.required().filter(|p| p.kind == ParamKind::Array).count();
    let others = op.required().filter(|p| p.kind != ParamKind::Array).count();
    for o in &op.operators {
        let want = if o.is_unary() { 1 } else { 2 };
        if arrays != want || others != 0 || !matches!(op.ret, Ret::Array) {
            cx.error(
                op.ident.span(),
                format!(
                    "operator `{}` needs an op with exactly {want} required Array parameter{} returning Array; `{}` has {arrays}",
                    o.symbol(),
                    if want == 1 { "" } else { "s" },
                    op.name
                ),
            );
        }
    }
}

fn check_defaults(op: &Op, cx: &Ctxt) {
    for p in &op.params {
        match (&p.kind, &p.default) {
            (ParamKind::Array | ParamKind::Arrays, Some(_)) => cx.error(
                p.ident.span(),
                format!("array parameter `{}` cannot have a default; make it `#[default(None)] {}: Option<Array>`", p.name, p.name),
            ),
            (ParamKind::Option(_), None) => cx.error(
                p.ident.span(),
                format!("optional parameter `{}` needs a default (usually `#[default(None)]`)", p.name),
            ),
            (k, Some(Default::None)) if !matches!(k, ParamKind::Option(_) | ParamKind::Verbatim) => cx.error(
                p.ident.span(),
                format!("`{}` defaults to None, so its kind must be Option<{}>", p.name, k.spelling()),
            ),
            _ => {}
        }
    }
    // Keyword parameters come after the positional ones, as in Ivy.
    let mut seen_optional = None;
    for p in &op.params {
        match (&p.default, seen_optional) {
            (Some(_), None) => seen_optional = Some(p),
            (None, Some(first)) => cx.error(
                p.ident.span(),
                format!(
                    "required parameter `{}` comes after the keyword parameter `{}`; put required parameters first",
                    p.name, first.name
                ),
            ),
            _ => {}
        }
    }
}

fn check_axes_have_an_array(op: &Op, cx: &Ctxt) {
    let needs_array = |k: &ParamKind| {
        matches!(
            k,
            ParamKind::Axis | ParamKind::NewAxis | ParamKind::Axes | ParamKind::Permutation
        ) || matches!(k, ParamKind::Option(inner) if matches!(**inner, ParamKind::Axis | ParamKind::NewAxis | ParamKind::Axes | ParamKind::Permutation))
    };
    let has_array = op
        .params
        .iter()
        .any(|p| matches!(p.kind, ParamKind::Array | ParamKind::Arrays));
    for p in &op.params {
        if needs_array(&p.kind) && !has_array {
            cx.error(
                p.kind_span,
                format!(
                    "`{}` is an axis, but `{}` has no array parameter to take the rank from",
                    p.name, op.name
                ),
            );
        }
    }
}

/// A differentiable primary op gives the gradient of every array parameter
/// once; other ops give none (compositional ops derive theirs, mixed ops
/// run their body when traced).
fn check_vjp(op: &Op, cx: &Ctxt) {
    let wants = op.kind == OpKind::Primary && op.differentiable == Differentiable::Yes;
    if !wants {
        if let Some((name, _)) = op.vjp.first() {
            cx.error(
                name.span(),
                format!(
                    "#[vjp] is for #[differentiable] #[primary] ops; `{}` {}",
                    op.name,
                    if op.kind == OpKind::Primary {
                        "is not differentiable"
                    } else {
                        "is differentiable through the ops its body calls"
                    }
                ),
            );
        }
        return;
    }
    let mut seen: Vec<String> = Vec::new();
    for (name, _) in &op.vjp {
        let n = ident_name(name);
        match op.param(&n) {
            Some(p) if p.kind.is_array() => {}
            Some(_) => cx.error(
                name.span(),
                format!(
                    "#[vjp] names `{n}`, which is not an array parameter of `{}`",
                    op.name
                ),
            ),
            None => cx.error(
                name.span(),
                format!(
                    "#[vjp] names `{n}`, which is not a parameter of `{}`",
                    op.name
                ),
            ),
        }
        if seen.contains(&n) {
            cx.error(name.span(), format!("#[vjp] gives `{n}` twice"));
        }
        seen.push(n);
    }
    for p in op.params.iter().filter(|p| p.kind.is_array()) {
        if !seen.contains(&p.name) {
            cx.error(
                op.kind_span,
                format!(
                    "differentiable op `{}` has no gradient for `{}`: add `#[vjp({} = ..)]` (or `{} = zero` where none flows)",
                    op.name, p.name, p.name, p.name
                ),
            );
        }
    }
}

fn check_samples_name_params(op: &Op, cx: &Ctxt) {
    for (name, _) in &op.samples {
        if op.param(&ident_name(name)).is_none() {
            cx.error(
                name.span(),
                format!(
                    "#[sample] names `{name}`, which is not a parameter of `{}`",
                    op.name
                ),
            );
        }
    }
}

fn check_dtype_param_rule(op: &Op, cx: &Ctxt) {
    if op.out == OutRule::DtypeParam && !op.params.iter().any(|p| p.kind == ParamKind::Dtype) {
        cx.error(
            op.ident.span(),
            format!(
                "#[out(dtype)] on `{}` needs a `dtype: Dtype` parameter",
                op.name
            ),
        );
    }
}

fn check_tables(op: &Op, cx: &Ctxt) {
    let modes: Vec<TableMode> = op.tables.iter().map(|t| t.mode).collect();
    for t in &op.tables {
        if t.backend.is_none() {
            cx.error(
                t.span,
                "a dtype table on a spec entry names its backend: `backend = \"ndarray\", \"KEY\" => (dtypes)`; \
                 tables for one backend's kernel sit on the kernel",
            );
        }
    }
    let mut by_backend: HashMap<String, Vec<TableMode>> = HashMap::new();
    for t in &op.tables {
        let b = t.backend.as_ref().map(|b| b.value()).unwrap_or_default();
        let entry = by_backend.entry(b).or_default();
        if entry.iter().any(|m| *m != t.mode) {
            cx.error(t.span, "a function has either supported_dtypes or unsupported_dtypes for a backend, not both");
        }
        entry.push(t.mode);
    }
    let _ = modes;
    let mut by_backend: HashMap<String, TableMode> = HashMap::new();
    for t in &op.device_tables {
        let Some(b) = &t.backend else {
            cx.error(
                t.span,
                "a device table on a spec entry names its backend: `backend = \"candle\", \"KEY\" => (gpu)`; \
                 tables for one backend's kernel sit on the kernel",
            );
            continue;
        };
        match by_backend.insert(b.value(), t.mode) {
            Some(m) if m != t.mode => cx.error(
                t.span,
                "a function has either supported_devices or unsupported_devices for a backend, not both",
            ),
            Some(_) => cx.error(
                t.span,
                "one device table per backend: write its versions as rows of one table",
            ),
            None => {}
        }
    }
}

fn check_empty_domain(op: &Op, cx: &Ctxt) {
    if op.dtypes.0 == 0 {
        cx.error(
            op.ident.span(),
            format!(
                "`{}` accepts no dtype: its #[dtypes(..)] set is empty",
                op.name
            ),
        );
    }
}

/// The ops a body calls: `ivy::name(..)` calls must name ops of the spec (an
/// error otherwise); `.name(..)` method calls count when `name` is an op.
fn collect_callees(op: &Op, names: &[String], cx: &Ctxt) -> Vec<String> {
    let Some(body) = &op.body else {
        return Vec::new();
    };
    if op.kind == OpKind::Primary {
        // Its body is already an error.
        return Vec::new();
    }
    struct V<'a> {
        names: &'a [String],
        found: Vec<String>,
        unknown: Vec<(proc_macro2::Span, String)>,
    }
    impl<'ast> Visit<'ast> for V<'_> {
        fn visit_expr_call(&mut self, call: &'ast syn::ExprCall) {
            if let syn::Expr::Path(p) = &*call.func
                && p.path.segments.len() == 2
                && p.path.segments[0].ident == "ivy"
            {
                let seg = &p.path.segments[1];
                let name = ident_name(&seg.ident);
                let base = name.strip_suffix("_with").unwrap_or(&name).to_string();
                if self.names.contains(&name) {
                    self.found.push(name);
                } else if self.names.contains(&base) {
                    self.found.push(base);
                } else {
                    self.unknown.push((seg.ident.span(), name));
                }
            }
            syn::visit::visit_expr_call(self, call);
        }
        fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
            let name = call.method.to_string();
            let base = name.strip_suffix("_with").unwrap_or(&name).to_string();
            if self.names.contains(&base) {
                self.found.push(base);
            }
            syn::visit::visit_expr_method_call(self, call);
        }
        fn visit_expr_binary(&mut self, b: &'ast syn::ExprBinary) {
            let name = match b.op {
                syn::BinOp::Add(_) => Some("add"),
                syn::BinOp::Sub(_) => Some("subtract"),
                syn::BinOp::Mul(_) => Some("multiply"),
                syn::BinOp::Div(_) => Some("divide"),
                _ => None,
            };
            if let Some(n) = name
                && self.names.iter().any(|x| x == n)
            {
                self.found.push(n.to_string());
            }
            syn::visit::visit_expr_binary(self, b);
        }
    }
    let mut v = V {
        names,
        found: Vec::new(),
        unknown: Vec::new(),
    };
    v.visit_block(body);
    if op.kind != OpKind::Standalone {
        for (span, name) in v.unknown {
            cx.error(
                span,
                format!(
                    "`ivy::{name}` is not an op of the spec; a {} body calls ops as `ivy::<op>(..)` \
                     (other helpers live in modules, e.g. `ivy::dtype::...`)",
                    op.kind.keyword()
                ),
            );
        }
    }
    v.found.sort();
    v.found.dedup();
    v.found.retain(|n| *n != op.name);
    v.found
}

#[cfg(test)]
mod tests {
    use crate::Ctxt;
    use crate::model::ParamKind;

    fn parse(src: &str) -> (Option<crate::model::Op>, Vec<String>) {
        let cx = Ctxt::new();
        let spec = crate::parse::parse_spec(src.parse().expect("tokens"), &cx).expect("parses");
        let op = spec.ops().next().cloned();
        if let Some(op) = &op {
            super::check_op(op, &cx);
        }
        let errors = match cx.finish() {
            Ok(()) => Vec::new(),
            Err(e) => e.into_iter().map(|e| e.to_string()).collect(),
        };
        (op, errors)
    }

    #[test]
    fn a_container_parameter_makes_a_compositional_op_container_dependent() {
        let (op, errors) = parse(
            "category layers { #[compositional] \
             fn f(x: Array, p: Container, #[default(None)] w: Option<Container>) -> Array { Ok(x.clone()) } }",
        );
        assert!(errors.is_empty(), "{errors:?}");
        let op = op.expect("op");
        assert!(op.container_dependent && !op.nestable);
        assert_eq!(op.params[1].kind, ParamKind::Container);
        assert!(op.params[2].kind.is_container() && !op.params[2].kind.is_array());
        assert_eq!(op.params[2].kind.spelling(), "Option<Container>");

        let (op, errors) =
            parse("category layers { #[compositional] fn g(x: Array) -> Array { Ok(x.clone()) } }");
        assert!(errors.is_empty(), "{errors:?}");
        let op = op.expect("op");
        assert!(!op.container_dependent && op.nestable);
    }

    #[test]
    fn container_parameters_are_for_compositional_ops_and_default_to_none() {
        let (_, errors) = parse(
            "category layers { #[mixed] #[differentiable] \
             fn f(x: Array, p: Container) -> Array { Ok(x.clone()) } }",
        );
        assert!(
            errors
                .iter()
                .any(|e| e.contains("only #[compositional] ops take containers")),
            "{errors:?}"
        );
        let (_, errors) = parse(
            "category layers { #[compositional] \
             fn f(x: Array, #[default(ivy::Container::new())] p: Container) -> Array { Ok(x.clone()) } }",
        );
        assert!(
            errors.iter().any(|e| e.contains("cannot have a default")),
            "{errors:?}"
        );
        let (_, errors) = parse(
            "category layers { #[compositional] \
             fn f(x: Array, #[default(Some(ivy::Container::new()))] p: Option<Container>) -> Array { Ok(x.clone()) } }",
        );
        assert!(
            errors
                .iter()
                .any(|e| e.contains("can only default to None")),
            "{errors:?}"
        );
    }
}
