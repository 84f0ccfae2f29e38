//! Peak memory that does not grow with the length of a run.
//!
//! glibc's malloc gives threads arenas of their own. When one thread frees what another
//! allocated, as the printing thread drops the replayed games the workers made, those arenas
//! fragment, and the peak grows with the input (a conversion on two threads: 31 MB for 20 MB
//! of PDN, 39 MB for 200 MB). With one arena it stays at 23 MB for both. The commands that
//! hand replayed games between threads (`convert`, `stats`) ask for one arena before they
//! start any thread; `validate` hands on little and keeps the default.
//!
//! The parquet crate frees and makes again buffers of every size up to a row group's (8 MiB)
//! for each row group; carved from the heap, they fragment it too (`positions --format
//! parquet -j1` of 12 MB of PDN: 25.6 MB peak, of 240 MB: 32 MB). Mapped from 128 KiB on
//! (where glibc would raise that bound as such buffers are freed), they go back to the
//! system whole: 22.8 MB for 20 MB of PDN, 24.7 MB for 200 MB, for about a fifth more CPU
//! (the pages of each mapped buffer are faulted in afresh: system time).

/// Asks the allocator for one arena (glibc on Linux; elsewhere nothing to do).
pub fn one_arena() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    set(libc::M_ARENA_MAX, 1);
}

/// One arena, and every block of 128 KiB or more mapped apart (for the Parquet writer).
pub fn one_arena_mapped_buffers() {
    one_arena();
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    set(libc::M_MMAP_THRESHOLD, 128 << 10);
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)] // the crate's one unsafe call (lib.rs denies unsafe code elsewhere)
fn set(parameter: libc::c_int, value: libc::c_int) {
    // SAFETY: mallopt only sets a tuning parameter of the allocator, before any thread of
    // ours allocates; it fails harmlessly (returns 0) where it is not supported.
    unsafe {
        libc::mallopt(parameter, value);
    }
}
