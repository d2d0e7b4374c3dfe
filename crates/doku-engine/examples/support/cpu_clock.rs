//! The thread CPU clock the timing examples share (`#[path]`-included:
//! a file in a subfolder of examples/ is not an example of its own).

/// This thread's CPU time so far, in ms, so that other processes on a busy
/// machine do not count (`None` off Linux: wall time is used instead).
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
pub fn thread_cpu_ms() -> Option<f64> {
    #[repr(C)]
    struct Timespec {
        secs: i64,
        nanos: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut time = Timespec { secs: 0, nanos: 0 };
    // SAFETY: clock_gettime writes one timespec (two 64-bit fields on
    // 64-bit Linux) into the place given, and nothing else.
    let ok = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut time) } == 0;
    ok.then(|| time.secs as f64 * 1e3 + time.nanos as f64 / 1e6)
}

#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
pub fn thread_cpu_ms() -> Option<f64> {
    None
}
