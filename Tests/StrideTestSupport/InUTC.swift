#if canImport(Glibc)
  import Glibc
#endif

/// The tests are written in UTC: their fixtures' instants, the daemons they start (which inherit this environment)
/// and the model's routines, which follow the process's zone as the daemon's follow the person's. So the test
/// process takes UTC before anything runs, whatever zone the machine or `TZ` says: placed in `.init_array`, this
/// runs as the program loads, before Foundation or the tests first ask for the zone.
@used @section(".init_array") private let takeUTC: @convention(c) () -> Void = takeUTCNow

private func takeUTCNow() {
  setenv("TZ", "UTC", 1)
  tzset()
}
