#if canImport(Glibc)
  import Glibc
#endif

// The floor of a command that makes one change durable, for `stride-bench --check`: `stride-floor` (it prints the
// same line, built the same way), first appending 4 KiB to the file it is given and waiting for them to reach the
// disk (`fdatasync`), as a commit to SQLite's write-ahead log does. Started and timed as `stride add` is, it meets
// the disk as a command does: after a pause, not in a warm loop.
if CommandLine.argc > 1, let path = CommandLine.unsafeArgv[1] {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
  if descriptor >= 0, let page = calloc(1, 4096) {
    write(descriptor, page, 4096)
    fdatasync(descriptor)
    close(descriptor)
    free(page)
  }
}
print("Stride starts here.")
