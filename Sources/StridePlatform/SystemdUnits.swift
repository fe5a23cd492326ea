/// The systemd user units `stride daemon install` writes; Docs/systemd holds the same text with `strided` as the
/// program (a test keeps them equal).
public enum SystemdUnits {
  public static let socketName = "strided.socket"
  public static let serviceName = "strided.service"

  /// The socket unit: systemd listens on Stride's default socket and starts strided on the first connection.
  public static let socket = """
    # Stride: systemd listens on strided's socket and starts strided on the first connection.
    # Install with: stride daemon install
    [Unit]
    Description=Stride task daemon socket

    [Socket]
    ListenStream=%t/stride/strided.sock
    SocketMode=0600
    DirectoryMode=0700
    Accept=no

    [Install]
    WantedBy=sockets.target

    """

  /// The service unit for the program at `executable`.
  public static func service(executable: String) -> String {
    """
    # Stride: the task daemon. It tells systemd when it is ready, keeps wake-up timers while you are
    # logged in, and finishes requests in flight when stopped.
    # Install with: stride daemon install
    [Unit]
    Description=Stride task daemon
    Requires=strided.socket
    After=strided.socket

    [Service]
    Type=notify
    NotifyAccess=main
    ExecStart=\(executable)
    Restart=on-failure
    TimeoutStopSec=15

    [Install]
    Also=strided.socket
    WantedBy=default.target

    """
  }
}
