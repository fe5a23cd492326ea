import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One libFuzzer binary for every target; `STRIDE_FUZZ_TARGET` names the one to run (`Scripts/fuzz` sets it).
/// Each target states what must hold for any input: a failure is a crash, which libFuzzer keeps as a file.
let targets: [String: @Sendable ([UInt8]) -> Void] = [
  "protocol": ProtocolTarget.run,
  "capture": ParserTargets.capture,
  "time": ParserTargets.time,
  "taskwarrior": { InteropTargets.roundTrip($0, .taskwarrior) },
  "todotxt": { InteropTargets.roundTrip($0, .todotxt) },
  "ical": { InteropTargets.roundTrip($0, .ical) },
  "vtodo": SyncTargets.vtodo,
  "davxml": SyncTargets.davXML,
  "events": EventTarget.run,
  "mcp": MCPTarget.run,
  "dbus": DBusTarget.run,
]

let chosen: @Sendable ([UInt8]) -> Void = {
  let name = ProcessInfo.processInfo.environment["STRIDE_FUZZ_TARGET"] ?? ""
  guard let target = targets[name] else {
    let names = targets.keys.sorted().joined(separator: ", ")
    FileHandle.standardError.write(Data("Set STRIDE_FUZZ_TARGET to one of: \(names).\n".utf8))
    exit(2)
  }
  return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
  chosen(bytes)
  return 0
}

/// Stops the run with `message` when an invariant does not hold; libFuzzer saves the input that did it.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  guard !condition else { return }
  FileHandle.standardError.write(Data("invariant broken: \(message())\n".utf8))
  abort()
}

/// A fixed reference instant, so one input always means the same thing.
let reference = Date(timeIntervalSince1970: 1_795_420_800)  // 2026-11-23T08:00:00Z

/// Time zones with odd offsets and daylight saving, picked by a byte of the input.
let zones = [
  "UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Chatham",
  "America/St_Johns", "Pacific/Kiritimati",
].map { TimeZone(identifier: $0)! }
