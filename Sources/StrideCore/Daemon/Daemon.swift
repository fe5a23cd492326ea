import Foundation
import StrideBase
import StrideModel
import StridePlatform
import StrideProtocol
import StrideStore
import StrideTransport
import StrideWire

#if canImport(Glibc)
  import Glibc
#endif

/// A running daemon: the instance lock, the store, the socket and the server, started in that order and stopped
/// in reverse.
public final class Daemon {
  public let paths: StridePaths
  private let lock: InstanceLock
  private let dispatcher: Dispatcher
  private let server: Server
  /// The socket file this daemon bound, to remove at exit; nil when systemd passed the socket (it stays, so
  /// systemd can start the daemon again on the next connection).
  private let socketInode: ino_t?
  private let systemd: Systemd.Notifier
  private let log: Log

  /// Takes the lock, opens the store, claims the socket (or adopts the one systemd passed) and starts serving.
  /// `syncConnector`: how to reach a CalDAV server (the `StrideCalDAV` module's); without it, no sync.
  /// `calendarFetcher`: how to read calendars over the network (the same module's); without it, files only.
  public init(
    paths: StridePaths, environment: [String: String], syncConnector: (any SyncConnector)? = nil,
    calendarFetcher: (any CalendarFetching)? = nil, log: Log = Log()
  ) throws(StrideError) {
    self.log = log
    systemd = Systemd.Notifier(environment: environment)
    let config = try StrideConfig.load(path: paths.configFile)
    config.unknown.forEach { log.info($0) }
    let clock = try Self.clock(environment: environment)
    try PrivateDirectory.prepare(paths.dataDirectory, strict: false)
    lock = try InstanceLock(path: paths.lockFile)
    let store = try TaskStore(path: paths.database)
    let openTasks = store.openCount
    let listener: UnixSocket
    if let passed = try Systemd.passedListener(environment: environment) {
      listener = passed
      socketInode = nil
      log.info("serving the socket systemd passed: \(passed.path)")
    } else {
      let socketDirectory = System.parent(of: paths.socket)
      try PrivateDirectory.prepare(socketDirectory, strict: paths.socketDirectoryIsStrides(environment: environment))
      listener = try Self.claimSocket(paths.socket)
      var info = stat()
      lstat(paths.socket, &info)
      socketInode = info.st_ino
    }
    var served = paths
    served.socket = listener.path
    self.paths = served

    let startedAt = clock()
    let pid = getpid()
    let (socket, database) = (listener.path, paths.database)
    dispatcher = Dispatcher(
      store: store, clock: clock, config: config, syncConnector: syncConnector, calendarFetcher: calendarFetcher,
      environment: environment, log: log, promptFile: served.promptFile, remindersFile: served.remindersFile
    ) { openTasks in
      ServerInfo.Result(
        server: "strided/\(strideVersion)", version: strideVersion, pid: pid, socket: socket, database: database,
        startedAt: Timestamp(startedAt), openTasks: openTasks)
    }
    server = try Server(listener: listener, dispatcher: dispatcher, serverName: "strided/\(strideVersion)", log: log)
    // Reminders first, so the wake-ups that passed while strided was down reach the desktop too.
    dispatcher.startReminders()
    let missed = dispatcher.startWakeUps()
    if missed > 0 {
      log.info("\(missed) wake-up\(missed == 1 ? "" : "s") passed while strided was not running; announced now")
    }
    if let focus = dispatcher.startFocusTimer() { log.info(focus) }
    server.start()
    dispatcher.startSync()
    log.info("ready: pid \(pid), \(openTasks) open tasks, socket \(listener.path), database \(paths.database)")
    systemd.notify("READY=1\nMAINPID=\(pid)\nSTATUS=Serving \(openTasks) open tasks on \(listener.path)")
  }

  /// Stops accepting, finishes requests in flight, closes the database, removes the socket and drops the lock.
  public func stop() {
    systemd.notify("STOPPING=1\nSTATUS=Finishing requests in flight")
    if !server.stop(keepListening: socketInode == nil) {
      log.info("some connections did not finish within the grace period; closing anyway")
    }
    dispatcher.close()
    var info = stat()
    // Remove the socket only if it is still the one this daemon bound.
    if let socketInode, lstat(paths.socket, &info) == 0, info.st_ino == socketInode {
      unlink(paths.socket)
    }
    lock.release()
    log.info("stopped")
  }

  /// The daemon's clock: the system's to the whole second, run `STRIDE_CLOCK_SHIFT` seconds ahead (behind, when
  /// negative) when that is set, to try Stride at another moment and for tests that must not depend on the day.
  static func clock(environment: [String: String]) throws(StrideError) -> @Sendable () -> Date {
    guard let text = environment["STRIDE_CLOCK_SHIFT"], !text.isEmpty else { return Dispatcher.wholeSecondClock }
    guard let shift = Int(text) else {
      throw StrideError(
        .invalidParams, "STRIDE_CLOCK_SHIFT must be a whole number of seconds, like -86400; fix it or unset it")
    }
    return { Dispatcher.wholeSecondClock().addingTimeInterval(TimeInterval(shift)) }
  }

  /// Binds the socket, first removing a stale one: a socket file nobody answers on.
  static func claimSocket(_ path: String) throws(StrideError) -> UnixSocket {
    var info = stat()
    if lstat(path, &info) == 0 {
      guard (info.st_mode & S_IFMT) == S_IFSOCK else {
        throw StrideError(.storageFailed, "\(path) exists and is not a socket; move it away or choose another path")
      }
      do {
        _ = try UnixSocket.connect(path: path)
        throw StrideError(
          .invalidTransition, "another strided is already listening on \(path); stop it with 'stride daemon stop'")
      } catch let error as SocketError where error.errno == ECONNREFUSED {
        unlink(path)
      } catch let error as StrideError {
        throw error
      } catch {
        throw StrideError(.storageFailed, "cannot check the existing socket \(path): \(error)")
      }
    }
    do {
      return try UnixSocket.listen(path: path)
    } catch {
      throw StrideError(.storageFailed, "cannot listen on \(path): \(error)")
    }
  }
}
