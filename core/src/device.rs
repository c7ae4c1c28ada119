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
