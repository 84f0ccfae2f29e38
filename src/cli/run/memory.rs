//! Peak memory that does not grow with the length of a run.
//!
//! glibc's malloc gives threads arenas of their own. When one thread frees what another
//! allocated, as the printing thread drops the replayed games the workers made, those arenas
//! fragment, and the peak grows with the input (a conversion on two threads: 31 MB for 20 MB
//! of PDN, 39 MB for 200 MB). With one arena it stays at 23 MB for both. The commands that
//! hand replayed games between threads (`convert`, `stats`) ask for one arena before they
//! start any thread; `validate` hands on little and keeps the default.

/// Asks the allocator for one arena (glibc on Linux; elsewhere nothing to do).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)] // the crate's one unsafe call (lib.rs denies unsafe code elsewhere)
pub fn one_arena() {
    // SAFETY: mallopt only sets a tuning parameter of the allocator, before any thread of
    // ours allocates; it fails harmlessly (returns 0) where it is not supported.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn one_arena() {}
