// The floor `stride-bench --check` measures `stride` against: a Swift program that prints one line, built with the
// same flags as `stride` (release, `--static-swift-stdlib`), so the pair differ only by what `stride` does itself.
print("Stride starts here.")
