//! The spec in `src/ops/` is valid: every category file parses and passes the
//! checks. A mistake is reported here with its file, line and column (the
//! compiler can only point at the `for_each_op!` call in ivy-core).

use std::fmt::Write;

const CATEGORIES: [&str; 18] = [
    "elementwise",
    "creation",
    "data_type",
    "manipulation",
    "indexing",
    "statistical",
    "utility",
    "linear_algebra",
    "fft",
    "searching",
    "sorting",
    "activations",
    "losses",
    "layers",
    "norms",
    "random",
    "gradients",
    "general",
];

/// The `category <name> { ... }` block of a category file, and the line it
/// starts on.
fn block(name: &str) -> (String, usize) {
    let path = format!("{}/src/ops/{name}.rs", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let start = text
        .find(&format!("category {name} {{"))
        .unwrap_or_else(|| panic!("{path}: no category block"));
    let end = text
        .rfind("\n}\n    } };")
        .unwrap_or_else(|| panic!("{path}: no end of the macro"));
    let line = text[..start].matches('\n').count();
    (text[start..end + 2].to_string(), line)
}

#[test]
fn every_category_file_is_a_valid_spec() {
    // One text of all blocks (ops call ops of other categories), with the
    // line where each file's block starts, to report file:line:column.
    let mut all = String::new();
    let mut starts: Vec<(usize, &str, usize)> = Vec::new();
    for name in CATEGORIES {
        let (src, line0) = block(name);
        starts.push((all.matches('\n').count() + 1, name, line0));
        all.push_str(&src);
        all.push('\n');
    }
    let tokens: proc_macro2::TokenStream = all.parse().expect("the spec tokenizes");
    let mut report = String::new();
    match ivy_spec::load(tokens) {
        Ok(spec) => assert!(spec.ops().count() >= 80),
        Err(e) => {
            for err in e {
                let at = err.span().start();
                let (first, name, line0) = starts
                    .iter()
                    .rev()
                    .find(|(first, _, _)| *first <= at.line)
                    .copied()
                    .unwrap_or((1, "?", 0));
                writeln!(
                    report,
                    "src/ops/{name}.rs:{}:{}: {err}",
                    at.line - first + 1 + line0,
                    at.column + 1
                )
                .unwrap();
            }
        }
    }
    assert!(report.is_empty(), "the spec has mistakes:\n{report}");
}

#[test]
fn the_callback_chain_lists_every_category_file() {
    let mod_rs =
        std::fs::read_to_string(format!("{}/src/ops/mod.rs", env!("CARGO_MANIFEST_DIR"))).unwrap();
    for name in CATEGORIES {
        assert!(
            mod_rs.contains(&format!("mod {name};")),
            "{name} is not declared in ops/mod.rs"
        );
    }
    // Each file hands on to the next one, the last to the end of the chain.
    for pair in CATEGORIES.windows(2) {
        let (src, _) = block(pair[0]);
        let file = std::fs::read_to_string(format!(
            "{}/src/ops/{}.rs",
            env!("CARGO_MANIFEST_DIR"),
            pair[0]
        ))
        .unwrap();
        let _ = src;
        assert!(
            file.contains(&format!("$crate::__ops_{}!", pair[1])),
            "{} does not hand on to {}",
            pair[0],
            pair[1]
        );
    }
}

#[test]
fn the_generator_gets_its_arguments_then_every_category_in_order() {
    let plain = ivy_spec::for_each_op!(stringify);
    let with = ivy_spec::for_each_op_with!([stringify] some args; here);
    let args = with
        .strip_suffix(plain)
        .expect("the spec follows the arguments");
    assert_eq!(
        args.split_whitespace().collect::<String>(),
        "{someargs;here}"
    );
    let mut at = 0;
    for name in CATEGORIES {
        let found = plain[at..]
            .find(&format!("category {name}"))
            .unwrap_or_else(|| panic!("category {name} missing or out of order"));
        at += found + 1;
    }
}
