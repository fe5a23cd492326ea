import StrideCore

/// What a failure's sentence tells the person to do next. Sync and calendars meet the same failures with different
/// stakes: a sync keeps changes waiting to go out, a calendar keeps the copy read last.
struct DAVAdvice: Sendable {
  /// What happens meanwhile when the server cannot be reached or does not answer.
  var meanwhile: String
  /// What happens after a server error (HTTP 5xx).
  var nextTry: String
  /// What happens while the server asks for a way of signing in Stride cannot do (at set-up as in a pass).
  var signIn: String
  /// What to do when the server's name is unknown.
  var checkAddress: String
  /// What to do when the address has nothing there (HTTP 404).
  var gone: String
  /// The end of the sentence for an answer that is not WebDAV XML.
  var unreadable: String

  /// For a sync pass over a task list.
  static let sync = DAVAdvice(
    meanwhile: "your changes wait here and go out once it answers",
    nextTry: "your changes wait here and Stride tries again at the next sync",
    signIn: "until then nothing syncs with it, and your tasks stay here as they are",
    checkAddress: "check the address with: stride sync status",
    gone: "set sync up again with: stride sync setup URL",
    unreadable: "(see it with: stride sync status); your changes wait here")

  /// For reading a calendar of events, on a sync account's server or subscribed to.
  static let calendars = DAVAdvice(
    meanwhile: FetchedCalendar.copyKept + " and tries again later",
    nextTry: FetchedCalendar.copyKept + " and tries again later",
    signIn: FetchedCalendar.copyKept + " and tries again later",
    checkAddress: "check the calendar's address",
    gone: "the calendar was removed or moved there; check the calendar's address",
    unreadable: "(check the calendar's address); " + FetchedCalendar.copyKept)
}
