//! Backend versions and Ivy's version-key grammar.
//!
//! A version-keyed table maps keys to values, as Ivy's
//! `@with_unsupported_dtypes({"2.0.1 and below": (...)}, backend_version)`:
//!
//! | key | matches version `v` when |
//! |---|---|
//! | `"X"` | `v == X` |
//! | `"X and above"` | `X <= v` |
//! | `"X and below"` | `v <= X` |
//! | `"X to Y"` | `X <= v <= Y` (inclusive) |
//!
//! An exact key is tried first; then the keys are scanned in the order they are
//! written and the first matching range wins; when nothing matches, the value of
//! the **last** key applies (so newer versions inherit the newest row). This is
//! Ivy's `_dtype_from_version`, with two deliberate differences where Ivy has
//! an accident: versions compare with missing components as zero (`2.1` equals
//! `2.1.0`, where Python's tuple order says `(2, 1) < (2, 1, 0)`), and a
//! pre-release such as `0.9.2-alpha.1` sorts just before `0.9.2` (Ivy raises).

/// A version or version key that does not follow the grammar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VersionError {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for VersionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid version `{}`: {}", self.text, self.reason)
    }
}

impl std::error::Error for VersionError {}

type Result<T> = std::result::Result<T, VersionError>;
use std::cmp::Ordering;
use std::fmt;

/// A version number: dot-separated numeric components and an optional
/// pre-release tag.
///
/// ```
/// use ivy_spec::version::Version;
/// let a: Version = "0.9.2-alpha.1".parse()?;
/// let b: Version = "0.9.2".parse()?;
/// assert!(a < b);
/// assert_eq!("2.1".parse::<Version>()?, "2.1.0".parse::<Version>()?);
/// # Ok::<(), ivy_spec::version::VersionError>(())
/// ```
#[derive(Clone, Debug, Eq)]
pub struct Version {
    parts: Vec<u64>,
    pre: Option<String>,
}

impl Version {
    /// Parse `text`, naming it in the error.
    pub fn parse(text: &str) -> Result<Version> {
        let bad = |reason: &str| VersionError {
            text: text.to_string(),
            reason: reason.into(),
        };
        let text_t = text.trim();
        let text_t = text_t.split('+').next().unwrap_or(text_t); // local tags (`+cu118`)
        let (core, pre) = match text_t.split_once('-') {
            Some((c, p)) if !p.is_empty() => (c, Some(p.to_string())),
            Some(_) => return Err(bad("empty pre-release tag")),
            None => (text_t, None),
        };
        if core.is_empty() {
            return Err(bad("expected numbers separated by dots, like 1.2.3"));
        }
        let parts = core
            .split('.')
            .map(|p| {
                if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) {
                    Err(bad("expected numbers separated by dots, like 1.2.3"))
                } else {
                    p.parse::<u64>().map_err(|_| bad("component too large"))
                }
            })
            .collect::<Result<Vec<u64>>>()?;
        Ok(Version { parts, pre })
    }

    /// The numeric components.
    pub fn parts(&self) -> &[u64] {
        &self.parts
    }
}

impl std::str::FromStr for Version {
    type Err = VersionError;
    fn from_str(s: &str) -> Result<Version> {
        Version::parse(s)
    }
}

impl PartialEq for Version {
    fn eq(&self, other: &Version) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl PartialOrd for Version {
    fn partial_cmp(&self, other: &Version) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Version {
    fn cmp(&self, other: &Version) -> Ordering {
        let n = self.parts.len().max(other.parts.len());
        for i in 0..n {
            let a = self.parts.get(i).copied().unwrap_or(0);
            let b = other.parts.get(i).copied().unwrap_or(0);
            match a.cmp(&b) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        match (&self.pre, &other.pre) {
            (None, None) => Ordering::Equal,
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (Some(a), Some(b)) => compare_pre(a, b),
        }
    }
}

/// Semver's pre-release order: dot-separated identifiers, numeric ones
/// compared as numbers and below alphanumeric ones.
fn compare_pre(a: &str, b: &str) -> Ordering {
    let mut ia = a.split('.');
    let mut ib = b.split('.');
    loop {
        match (ia.next(), ib.next()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(x), Some(y)) => {
                let o = match (x.parse::<u64>(), y.parse::<u64>()) {
                    (Ok(p), Ok(q)) => p.cmp(&q),
                    (Ok(_), Err(_)) => Ordering::Less,
                    (Err(_), Ok(_)) => Ordering::Greater,
                    (Err(_), Err(_)) => x.cmp(y),
                };
                if o != Ordering::Equal {
                    return o;
                }
            }
        }
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.parts.iter().map(u64::to_string).collect();
        f.write_str(&parts.join("."))?;
        if let Some(p) = &self.pre {
            write!(f, "-{p}")?;
        }
        Ok(())
    }
}

/// One key of a version-keyed table.
///
/// ```
/// use ivy_spec::version::VersionKey;
/// let k: VersionKey = "1.5.0 to 1.9.0".parse()?;
/// assert!(k.matches(&"1.9.0".parse()?));
/// assert!(!k.matches(&"1.9.1".parse()?));
/// assert!("1.5 and beyond".parse::<VersionKey>().is_err());
/// # Ok::<(), ivy_spec::version::VersionError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VersionKey {
    /// `"X"`: exactly this version.
    Exact(Version),
    /// `"X and above"`.
    AndAbove(Version),
    /// `"X and below"`.
    AndBelow(Version),
    /// `"X to Y"`, inclusive.
    Range(Version, Version),
}

impl VersionKey {
    /// Parse one key of the grammar.
    pub fn parse(text: &str) -> Result<VersionKey> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let bad = |reason: &str| VersionError {
            text: text.to_string(),
            reason: reason.into(),
        };
        match words.as_slice() {
            [v] => Ok(VersionKey::Exact(Version::parse(v)?)),
            [v, "and", "above"] => Ok(VersionKey::AndAbove(Version::parse(v)?)),
            [v, "and", "below"] => Ok(VersionKey::AndBelow(Version::parse(v)?)),
            [a, "to", b] => {
                let (a, b) = (Version::parse(a)?, Version::parse(b)?);
                if a > b {
                    return Err(bad("the range is empty: its start is after its end"));
                }
                Ok(VersionKey::Range(a, b))
            }
            _ => Err(bad(
                "expected `X`, `X and above`, `X and below` or `X to Y`",
            )),
        }
    }

    /// Whether the key's range holds `v` (an exact key holds only itself).
    pub fn matches(&self, v: &Version) -> bool {
        match self {
            VersionKey::Exact(x) => x == v,
            VersionKey::AndAbove(x) => x <= v,
            VersionKey::AndBelow(x) => v <= x,
            VersionKey::Range(a, b) => a <= v && v <= b,
        }
    }
}

impl std::str::FromStr for VersionKey {
    type Err = VersionError;
    fn from_str(s: &str) -> Result<VersionKey> {
        VersionKey::parse(s)
    }
}

impl fmt::Display for VersionKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VersionKey::Exact(v) => write!(f, "{v}"),
            VersionKey::AndAbove(v) => write!(f, "{v} and above"),
            VersionKey::AndBelow(v) => write!(f, "{v} and below"),
            VersionKey::Range(a, b) => write!(f, "{a} to {b}"),
        }
    }
}

/// The value a version-keyed table gives `version`, by the rules in the module
/// docs; `None` for an empty table.
///
/// ```
/// use ivy_spec::version::resolve_version;
/// let table = [("1.2.0 and below", 'A'), ("1.5.0 to 1.9.0", 'B'), ("2.0.0 and above", 'C')];
/// let at = |v: &str| resolve_version(&table, v).ok().flatten().copied();
/// assert_eq!(at("1.0.0"), Some('A'));
/// assert_eq!(at("1.3.0"), Some('C')); // no match: the last key applies
/// assert_eq!(at("1.9.0"), Some('B'));
/// # Ok::<(), ivy_spec::version::VersionError>(())
/// ```
pub fn resolve_version<'a, K: AsRef<str>, T>(
    table: &'a [(K, T)],
    version: &str,
) -> Result<Option<&'a T>> {
    if table.is_empty() {
        return Ok(None);
    }
    if let Some((_, v)) = table.iter().find(|(k, _)| k.as_ref() == version) {
        return Ok(Some(v));
    }
    let v = Version::parse(version)?;
    let mut parsed = Vec::with_capacity(table.len());
    for (k, val) in table {
        parsed.push((VersionKey::parse(k.as_ref())?, val));
    }
    for (k, val) in &parsed {
        if let VersionKey::Exact(x) = k
            && *x == v
        {
            return Ok(Some(*val));
        }
    }
    for (k, val) in &parsed {
        if !matches!(k, VersionKey::Exact(_)) && k.matches(&v) {
            return Ok(Some(*val));
        }
    }
    Ok(table.last().map(|(_, v)| v))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_examples() {
        let t = [
            ("1.2.0 and below", "A"),
            ("1.5.0 to 1.9.0", "B"),
            ("2.0.0 and above", "C"),
        ];
        for (v, want) in [
            ("1.0.0", "A"),
            ("1.2.0", "A"),
            ("1.3.0", "C"),
            ("1.5.0", "B"),
            ("1.9.0", "B"),
            ("1.9.1", "C"),
            ("3.1", "C"),
        ] {
            assert_eq!(resolve_version(&t, v).unwrap(), Some(&want), "{v}");
        }
        let t = [("2.1.0 and below", "X"), ("2.2.0", "Y")];
        assert_eq!(resolve_version(&t, "2.3.0").unwrap(), Some(&"Y"));
        assert_eq!(resolve_version(&t, "2.2").unwrap(), Some(&"Y"));
        assert_eq!(resolve_version(&t, "2.0").unwrap(), Some(&"X"));
    }

    #[test]
    fn first_matching_key_wins_in_written_order() {
        let t = [("1.0 and above", 1), ("1.5 and above", 2)];
        assert_eq!(resolve_version(&t, "2.0").unwrap(), Some(&1));
    }

    #[test]
    fn bad_keys_and_versions_are_errors() {
        assert!(VersionKey::parse("1.2 and beyond").is_err());
        assert!(VersionKey::parse("2.0 to 1.0").is_err());
        assert!(VersionKey::parse("").is_err());
        assert!(Version::parse("1..2").is_err());
        assert!(Version::parse("v1.2").is_err());
        assert!(resolve_version(&[("1.0 and below", 0)], "one").is_err());
        let empty: [(&str, u8); 0] = [];
        assert_eq!(resolve_version(&empty, "1.0").unwrap(), None);
    }

    #[test]
    fn pre_releases_sort_before_releases() {
        let v = |s: &str| Version::parse(s).unwrap();
        assert!(v("0.9.2-alpha.1") < v("0.9.2-alpha.2"));
        assert!(v("0.9.2-alpha.2") < v("0.9.2"));
        assert!(v("0.9.1") < v("0.9.2-alpha.1"));
        assert_eq!(v("2.2.1+cu118"), v("2.2.1"));
    }
}
