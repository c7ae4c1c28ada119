//! [`Device`]: where the elements of an array live.

use crate::error::{Error, Result};
use std::fmt;
use std::str::FromStr;

/// A device, written as Ivy writes it: `"cpu"`, `"gpu:0"`, `"tpu:1"`.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::Device;
/// let d: Device = "gpu:1".parse()?;
/// assert_eq!(d, Device::Gpu(1));
/// assert_eq!(Device::Cpu.to_string(), "cpu");
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Device {
    /// Host memory.
    #[default]
    Cpu,
    /// A GPU, by index.
    Gpu(u32),
    /// A TPU, by index.
    Tpu(u32),
}

impl fmt::Display for Device {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Device::Cpu => f.pad("cpu"),
            Device::Gpu(i) => f.pad(&format!("gpu:{i}")),
            Device::Tpu(i) => f.pad(&format!("tpu:{i}")),
        }
    }
}

impl FromStr for Device {
    type Err = Error;

    fn from_str(s: &str) -> Result<Device> {
        let (kind, index) = match s.split_once(':') {
            Some((k, i)) => {
                let i = i.parse::<u32>().map_err(|_| {
                    Error::invalid("as_ivy_dev", format!("invalid device index in `{s}`"))
                })?;
                (k, i)
            }
            None => (s, 0),
        };
        match kind {
            "cpu" if index == 0 => Ok(Device::Cpu),
            "gpu" | "cuda" => Ok(Device::Gpu(index)),
            "tpu" => Ok(Device::Tpu(index)),
            _ => Err(Error::invalid(
                "as_ivy_dev",
                format!("unknown device `{s}`; expected cpu, gpu:N or tpu:N"),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_ivy_device_strings() {
        assert_eq!("cpu".parse::<Device>().unwrap(), Device::Cpu);
        assert_eq!("gpu".parse::<Device>().unwrap(), Device::Gpu(0));
        assert_eq!("tpu:3".parse::<Device>().unwrap(), Device::Tpu(3));
        assert!("npu:0".parse::<Device>().is_err());
        assert!("gpu:x".parse::<Device>().is_err());
        for d in [Device::Cpu, Device::Gpu(2), Device::Tpu(0)] {
            assert_eq!(d.to_string().parse::<Device>().unwrap(), d);
        }
    }
}

thread_local! {
    static DEFAULT_DEVICE: std::cell::RefCell<Vec<Device>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The device new arrays are made on in this thread (Ivy's
/// `default_device`): the last one set, else `cpu`.
///
/// ```
/// # extern crate ivy_core as ivy;
/// assert_eq!(ivy::default_device(), ivy::Device::Cpu);
/// ```
pub fn default_device() -> Device {
    DEFAULT_DEVICE
        .with(|s| s.borrow().last().copied())
        .unwrap_or_default()
}

/// Push a default device for this thread (Ivy's `set_default_device`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// ivy::set_default_device(ivy::Device::Gpu(0));
/// assert_eq!(ivy::default_device(), ivy::Device::Gpu(0));
/// ivy::unset_default_device();
/// assert_eq!(ivy::default_device(), ivy::Device::Cpu);
/// ```
pub fn set_default_device(device: Device) {
    DEFAULT_DEVICE.with(|s| s.borrow_mut().push(device));
}

/// Pop the last default device of this thread (a no-op on an empty stack).
///
/// ```
/// # extern crate ivy_core as ivy;
/// ivy::unset_default_device();
/// assert_eq!(ivy::default_device(), ivy::Device::Cpu);
/// ```
pub fn unset_default_device() {
    DEFAULT_DEVICE.with(|s| {
        s.borrow_mut().pop();
    });
}

/// A set of device kinds (`cpu`, `gpu`, `tpu`), as device tables name
/// them: Ivy's tables say `"gpu"`, not `"gpu:1"`. A `Device` is in the set
/// when its kind is.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::{Device, DeviceSet};
/// let s = DeviceSet::CPU | DeviceSet::GPU;
/// assert!(s.contains(Device::Gpu(3)) && !s.contains(Device::Tpu(0)));
/// assert_eq!(s.to_string(), "{cpu, gpu}");
/// assert_eq!((DeviceSet::ALL - s).iter().collect::<Vec<_>>(), [Device::Tpu(0)]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DeviceSet(u8);

impl DeviceSet {
    /// No device.
    pub const EMPTY: DeviceSet = DeviceSet(0);
    /// `cpu`.
    pub const CPU: DeviceSet = DeviceSet(1);
    /// `gpu` (any index).
    pub const GPU: DeviceSet = DeviceSet(2);
    /// `tpu` (any index).
    pub const TPU: DeviceSet = DeviceSet(4);
    /// Every device kind (Ivy's `all_devices`: cpu, gpu, tpu).
    pub const ALL: DeviceSet = DeviceSet(7);

    /// The set of raw bits (cpu = 1, gpu = 2, tpu = 4), as generated
    /// tables write it.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// assert_eq!(ivy::DeviceSet::from_bits(3), ivy::DeviceSet::CPU | ivy::DeviceSet::GPU);
    /// ```
    pub const fn from_bits(bits: u8) -> DeviceSet {
        DeviceSet(bits & 7)
    }

    /// The kind of `device` as a one-element set.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// assert_eq!(ivy::DeviceSet::of(ivy::Device::Gpu(2)), ivy::DeviceSet::GPU);
    /// ```
    pub const fn of(device: Device) -> DeviceSet {
        DeviceSet(1 << Self::index(device))
    }

    /// The index of `device`'s kind: 0 for cpu, 1 for gpu, 2 for tpu.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// assert_eq!(ivy::DeviceSet::index(ivy::Device::Tpu(0)), 2);
    /// ```
    pub const fn index(device: Device) -> usize {
        match device {
            Device::Cpu => 0,
            Device::Gpu(_) => 1,
            Device::Tpu(_) => 2,
        }
    }

    /// Whether `device`'s kind is in the set.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// assert!(ivy::DeviceSet::CPU.contains(ivy::Device::Cpu));
    /// ```
    pub const fn contains(self, device: Device) -> bool {
        self.0 & (1 << Self::index(device)) != 0
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// assert!(ivy::DeviceSet::EMPTY.is_empty());
    /// ```
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The kinds in the set, as devices of index 0 (cpu, gpu:0, tpu:0).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// assert_eq!(ivy::DeviceSet::ALL.iter().count(), 3);
    /// ```
    pub fn iter(self) -> impl Iterator<Item = Device> {
        [Device::Cpu, Device::Gpu(0), Device::Tpu(0)]
            .into_iter()
            .filter(move |d| self.contains(*d))
    }
}

impl std::ops::BitOr for DeviceSet {
    type Output = DeviceSet;
    fn bitor(self, o: DeviceSet) -> DeviceSet {
        DeviceSet(self.0 | o.0)
    }
}

impl std::ops::BitAnd for DeviceSet {
    type Output = DeviceSet;
    fn bitand(self, o: DeviceSet) -> DeviceSet {
        DeviceSet(self.0 & o.0)
    }
}

impl std::ops::Sub for DeviceSet {
    type Output = DeviceSet;
    fn sub(self, o: DeviceSet) -> DeviceSet {
        DeviceSet(self.0 & !o.0)
    }
}

impl FromIterator<Device> for DeviceSet {
    fn from_iter<I: IntoIterator<Item = Device>>(it: I) -> DeviceSet {
        it.into_iter()
            .fold(DeviceSet::EMPTY, |s, d| s | DeviceSet::of(d))
    }
}

impl fmt::Display for DeviceSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self
            .iter()
            .map(|d| match d {
                Device::Cpu => "cpu",
                Device::Gpu(_) => "gpu",
                Device::Tpu(_) => "tpu",
            })
            .collect();
        write!(f, "{{{}}}", names.join(", "))
    }
}

impl fmt::Debug for DeviceSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DeviceSet{self}")
    }
}
