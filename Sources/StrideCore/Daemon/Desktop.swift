import Foundation
import StrideBase
import StrideDBus
import StrideModel
import StridePlatform
import StrideProtocol
import StrideWire

/// Where reminders appear: the desktop's notification service on the session bus (with Done and Later when it
/// offers buttons), else `notify-send` when it is on the PATH (without them), else nowhere, and `status` says why
/// in a sentence. When the bus goes away, the next reminder connects again.
final class Desktop: @unchecked Sendable {
  // Sendable because `service` and `notifySend` are touched only on the reminders' queue (every method but
  // `status`), and `current` only behind its lock.
  private let environment: [String: String]
  private let onEvent: @Sendable (DesktopNotifications.Event) -> Void
  private let quiet: QuietHours?
  private let log: Log
  private var service: DesktopNotifications?
  /// The notify-send program used when the bus cannot be.
  private var notifySend: String?
  private let current: Locked<RemindersStatus>

  /// How reminders name themselves to the notification service.
  static let appName = "Stride"

  init(
    environment: [String: String], quiet: QuietHours?, log: Log,
    onEvent: @escaping @Sendable (DesktopNotifications.Event) -> Void
  ) {
    self.environment = environment
    self.quiet = quiet
    self.log = log
    self.onEvent = onEvent
    current = Locked(
      RemindersStatus(state: "connecting", sentence: "Desktop reminders are on; strided is reaching your desktop."))
  }

  /// How reminders stand now.
  var status: RemindersStatus { current.withLock { $0 } }

  /// The unique name of the notification server reached, when one is.
  var serverName: String? { service.flatMap { $0.isClosed ? nil : $0.serverName } }

  /// The id of the bus reached, when one is: unique names start again on another bus.
  var busID: String? { service.flatMap { $0.isClosed ? nil : $0.busID } }

  /// Connects to the notification service, unless a live connection is there; on failure, finds notify-send.
  func connect() {
    if let service, !service.isClosed { return }
    drop()
    do {
      let service = try DesktopNotifications(environment: environment, onEvent: onEvent)
      self.service = service
      notifySend = nil
      if say("desktop", connectedSentence(service)) {
        log.info("reminders show through the desktop's notifications on the session bus at \(service.busLabel)")
      }
    } catch {
      notifySend = Spawn.program("notify-send", inPath: environment["PATH"])
      let changed: Bool
      if case .remote = error.kind {
        // The bus works, but nobody on it shows notifications: notify-send would fail the same way.
        notifySend = nil
        changed = say(
          "no-service",
          "Desktop reminders are on, but nothing on your session bus shows notifications (\(error.message)); "
            + "start your desktop's notification service (such as dunst or mako), and the next reminder will show.")
      } else if let notifySend {
        changed = say(
          "notify-send",
          "Desktop reminders are on and show through \(notifySend), without Done and Later buttons: strided "
            + "could not use the session bus itself (\(error.message)).")
      } else {
        changed = say("no-bus", Self.noBusSentence(error))
      }
      if changed { log.info("reminders: \(status.sentence)") }
    }
  }

  /// Shows a reminder, with Done and Later when `actions` and the service offers buttons; replaces the
  /// notification `replacing` when its server still shows it. Returns the notification as its server knows it, or
  /// nil when it could not be shown (or notify-send showed it, which gives no id).
  func show(
    _ text: ReminderText, buttons: [(key: String, label: String)], replacing: DesktopNotifications.Shown?
  ) -> DesktopNotifications.Shown? {
    let notification = DesktopNotifications.Notification(
      summary: text.summary, body: text.body, actions: buttons, replaces: replacing)
    // A failed Notify connects again and tries once more: the notification service may have been replaced.
    for attempt in 1...2 {
      connect()
      guard let service else { break }
      do {
        let shown = try service.notify(notification, appName: Self.appName)
        // The server may have been replaced by one that offers more or fewer buttons since the status was said.
        say("desktop", connectedSentence(service))
        return shown
      } catch {
        drop()
        if attempt == 2 { log.info("a reminder could not be shown (\(error.message)); the next one tries again") }
      }
    }
    if let notifySend {
      let command = [notifySend, "--app-name=\(Self.appName)", "--", text.summary, text.body]
      if ExternalCommand.run(command, input: [], timeout: 10) == nil {
        log.info("notify-send did not show a reminder; the next one tries the session bus again")
        say("no-bus", Self.noBusSentence(DBusError(.unreachable, "notify-send could not show a reminder either")))
      }
    }
    return nil
  }

  /// Takes a notification down (its task was dealt with, or its button handled). Quietly does nothing without a
  /// connection, or when the server that showed it has gone.
  func takeDown(_ shown: DesktopNotifications.Shown) {
    guard let service, !service.isClosed else { return }
    try? service.close(shown)
  }

  /// Lets go of the connection to the service. The next may be to a new bus, whose unique names start again: what
  /// the last server showed is forgotten.
  private func drop() {
    if let gone = service?.serverName { onEvent(.serverGone(gone)) }
    service?.disconnect()
    service = nil
  }

  /// Closes the connection to the bus.
  func disconnect() {
    service?.disconnect()
    service = nil
  }

  /// Sets the status; whether it changed.
  @discardableResult
  private func say(_ state: String, _ sentence: String) -> Bool {
    current.withLock { status in
      let new = RemindersStatus(state: state, sentence: sentence)
      defer { status = new }
      return status != new
    }
  }

  private func connectedSentence(_ service: DesktopNotifications) -> String {
    var sentence = "Desktop reminders are on: they show through your desktop's notifications"
    sentence +=
      service.offersActions
      ? ", with Done and Later buttons."
      : ", without buttons (your notification service offers none)."
    if let quiet { sentence += " Quiet hours are \(quiet.start.written) to \(quiet.end.written)." }
    return sentence
  }

  /// Why no bus could be used, and what to do.
  static func noBusSentence(_ error: DBusError) -> String {
    let found =
      error.kind == .noBus
      ? "no desktop session bus was found (\(error.message))"
      : "the desktop session bus could not be used (\(error.message))"
    return "Desktop reminders are on, but \(found); start strided from within your desktop session (stride daemon "
      + "stop, then any stride command there), or set DBUS_SESSION_BUS_ADDRESS for it. The next reminder tries again, "
      + "and stride watch prints every one meanwhile."
  }
}
