import StrideBase
import StrideClientKit
import StrideNowView
import StridePlatform
import StrideTransport
import StrideWire

#if canImport(Glibc)
  import Glibc
#endif

/// The terminal the Now view draws on: keys one at a time, the alternate screen, its size, and the way back to
/// the shell as it was on every exit (q, Ctrl-C, SIGTERM, SIGHUP, a lost daemon).
enum Terminal {
  // Read by the signal handlers, which may touch nothing but these.
  /// The shell's settings, in memory of its own: AddressSanitizer finds `tcgetattr` writing past a Swift global
  /// `termios` (a global's layout is Swift's to choose), and a signal handler may read it at any moment.
  nonisolated(unsafe) private static let saved: UnsafeMutablePointer<termios> = {
    let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    pointer.initialize(to: termios())
    return pointer
  }()
  nonisolated(unsafe) private static var active: Int32 = 0
  /// Set by SIGWINCH, cleared by the loop once it has drawn the new size.
  nonisolated(unsafe) static var resized: Int32 = 0
  /// Shows the cursor and leaves the alternate screen.
  private static let leave: [UInt8] = Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8)
  /// Wakes the loop from another thread or a signal handler: a resize, news from the daemon.
  static let wake = try? WakePipe()

  /// Keys one at a time, no echo, the alternate screen, no cursor; signals that end the program restore all of it
  /// first. `restore` undoes it; it is safe to call more than once.
  static func enter() {
    // Made before a signal handler may use them.
    _ = wake
    _ = saved
    tcgetattr(STDIN_FILENO, saved)
    var raw = saved.pointee
    cfmakeraw(&raw)
    // Ctrl-C arrives as a key (the view quits on it); output keeps turning \n into \r\n. Enter still arrives as
    // \n: a line typed for the shell before the view has closed then reaches it as a line.
    raw.c_oflag |= tcflag_t(OPOST)
    raw.c_iflag |= tcflag_t(ICRNL)
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
    active = 1
    write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
    // A parent may have blocked these (test runners do); the view must hear them to put the terminal back.
    var wanted = sigset_t()
    sigemptyset(&wanted)
    for signal in [SIGTERM, SIGHUP, SIGQUIT, SIGINT, SIGWINCH] { sigaddset(&wanted, signal) }
    pthread_sigmask(SIG_UNBLOCK, &wanted, nil)
    for signal in [SIGTERM, SIGHUP, SIGQUIT, SIGINT] {
      Glibc.signal(signal) { number in
        Terminal.restore()
        _exit(128 + number)
      }
    }
    Glibc.signal(SIGWINCH) { _ in
      Terminal.resized = 1
      Terminal.wake?.signal()
    }
  }

  /// The shell's terminal as it was. Only async-signal-safe calls: it also runs in signal handlers. Keys typed
  /// since the view last read are kept for the shell (TCSADRAIN, not TCSAFLUSH): a command typed while the view
  /// closes is not lost.
  static func restore() {
    guard active == 1 else { return }
    active = 0
    tcsetattr(STDIN_FILENO, TCSADRAIN, saved)
    leave.withUnsafeBufferPointer { _ = Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
  }

  /// Columns and rows, or 80×24 when the terminal does not say.
  static func size() -> (width: Int, height: Int) {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Writes straight to stdout, after whatever `print` still holds; a screen that is gone is not an error here.
  static func write(_ text: String) { write(text.utf8) }

  static func write(_ bytes: some Collection<UInt8>) {
    fflush(nil)
    try? System.write(bytes, to: System.standardOutput)
  }

  /// Draws a frame: every row from the top, each cleared to its end, nothing below.
  static func draw(_ lines: [String]) {
    write("\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J")
  }

  /// Waits until the keyboard or the wake pipe has something, or `timeout` seconds pass; says which.
  static func wait(timeout: Double) -> (keys: Bool, woken: Bool) {
    var fds = [
      pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wake?.readDescriptor ?? -1, events: Int16(POLLIN), revents: 0),
    ]
    let ready = poll(&fds, 2, Int32(timeout * 1000))
    guard ready > 0 else { return (false, false) }
    return (fds[0].revents != 0, fds[1].revents != 0)
  }

  /// The next key on standard input (nil at its end; none when the read was interrupted), read a byte at a time:
  /// keys typed after the one that closes the view stay in the terminal for the shell.
  static func readKey() -> [NowView.Key]? {
    var first: UInt8 = 0
    let count = read(STDIN_FILENO, &first, 1)
    if count < 0 && (errno == EINTR || errno == EAGAIN) { return [] }
    guard count > 0 else { return nil }
    return NowView.Key.read(first: first) {
      var byte: UInt8 = 0
      return inputWaiting() && read(STDIN_FILENO, &byte, 1) == 1 ? byte : nil
    }
  }

  /// Whether a key is waiting to be read now.
  static func inputWaiting() -> Bool {
    var fd = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    return poll(&fd, 1, 0) > 0
  }
}
