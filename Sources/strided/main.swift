import Foundation
import StrideBase
import StrideCalDAV
import StrideConnection
import StrideCore
import StrideModel
import StridePlatform
import StrideProtocol
import StrideWire

#if canImport(Glibc)
  import Glibc
#endif

// strided: flags -> paths -> lock -> store -> socket -> serve until a signal -> stop.

TerminationSignals.block()
Allocator.giveBackFreedMemory()
umask(0o077)
let log = Log()
let environment = ProcessInfo.processInfo.environment

let options: DaemonOptions
do {
  options = try DaemonOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("strided: \(error.message)\n".utf8))
  exit(ExitStatus.usage.rawValue)
}
if options.help {
  print(DaemonOptions.usage)
  exit(ExitStatus.ok.rawValue)
}
if let roff = options.manPage?.renderedByDaemon() {
  print(roff, terminator: "")
  exit(ExitStatus.ok.rawValue)
}
if options.version {
  print("strided \(strideVersion) (protocol \(protocolVersion))")
  exit(ExitStatus.ok.rawValue)
}

let paths = StridePaths(environment: environment, socket: options.socket, dataDirectory: options.dataDirectory)

if options.detach {
  do {
    let executable = Spawn.executableDirectory().map { $0 + "/strided" } ?? CommandLine.arguments[0]
    let pid = try DaemonLauncher.launch(executable: executable, arguments: options.foregroundArguments, paths: paths)
    print("strided is running (pid \(pid)) on \(paths.socket); its log is \(paths.logFile).")
    exit(ExitStatus.ok.rawValue)
  } catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(ExitStatus.failure.rawValue)
  }
}

let daemon: Daemon
do {
  daemon = try Daemon(
    paths: paths, environment: environment, syncConnector: CalDAVConnector(), calendarFetcher: CalendarFetcher(),
    log: log)
} catch {
  log.info(error.message)
  exit(ExitStatus.failure.rawValue)
}
let signal = TerminationSignals.wait()
log.info("\(TerminationSignals.name(signal)) received; finishing requests in flight")
daemon.stop()
exit(ExitStatus.ok.rawValue)
