import Foundation

/// Whose a collection is. Servers that share a calendar put the sharee's copy in the sharee's own calendar home, and
/// many report the sharee as its `DAV:owner`; the real owner is said in one of several other ways, each read here:
///
/// - `DAV:share-access` (draft-pot-webdav-resource-sharing): `shared-owner` on the owner's own collection, `read` or
///   `read-write` on a sharee's;
/// - `DAV:invite` (the same draft, sabre/dav 3 and later): its `sharee` whose access is `shared-owner`;
/// - CalendarServer's `invite` (Apple's servers, sabre/dav, Nextcloud): an `organizer` on a sharee's copy;
///   CalendarServer's `shared` or `shared-owner` in `resourcetype`; and `shared-url`, the owner's address of a
///   sharee's copy;
/// - `owner-principal` (Nextcloud's and ownCloud's `http://owncloud.org/ns`, sabre/dav 1's `http://sabredav.org/ns`);
/// - and last `DAV:owner` itself, when it names another principal, or is empty where the server names the owners of
///   other collections (Radicale 3.9's own sharing; Xandikos names no owner at all).
extension DAVResponse {
  /// The properties discovery asks for, to read each of the ways above.
  static let sharingProperties =
    "<d:owner/><d:share-access/><d:invite/><cs:invite/><cs:shared-url/><oc:owner-principal/><s:owner-principal/>"

  static let calendarServer = "http://calendarserver.org/ns/"

  /// Nil when the collection is this account's own (`me` being its principal); else the name of the person who
  /// shared it (their principal's last segment), or "another person" when the server says it is shared with this
  /// account but not by whom. The owner's own word that it shares a collection (`shared-owner`) makes it this
  /// account's, whatever else is said.
  /// An empty `DAV:owner` says so only where the server names the owner of other collections (`namesOwners`):
  /// Xandikos leaves every owner empty, its person's own lists among them.
  func sharedBy(me: String?, namesOwners: Bool) -> String? {
    let access = found.first { $0.name == "share-access" }?.children.map(\.name) ?? []
    let types = properties["resourcetype"]?.children.filter { $0.namespace == Self.calendarServer }.map(\.name) ?? []
    if access.contains("shared-owner") || types.contains("shared-owner") { return nil }
    let named = namedOwner(me: me)
    let shared =
      access.contains("read") || access.contains("read-write") || types.contains("shared") || sharedURL != nil
      || (ownerless && namesOwners)
    if let named { return Self.person(named) }
    return shared ? (sharedURL.flatMap(Self.homeOwner) ?? "another person") : nil
  }

  /// The owner's principal, as the first property that names one other than `me` says it.
  private func namedOwner(me: String?) -> String? {
    let invites = found.filter { $0.name == "invite" }
    // CalendarServer's organizer is only on a sharee's copy: whoever it names, the copy is theirs.
    if let organizer = invites.lazy.compactMap({ $0.child("organizer")?.child("href")?.trimmedText }).first,
      !organizer.isEmpty, !Self.same(organizer, me)
    {
      return organizer
    }
    let owners = invites.flatMap { $0.all("sharee") }.filter { $0.child("share-access")?.child("shared-owner") != nil }
    let principals =
      owners.compactMap { $0.child("href")?.trimmedText }
      + found.filter { $0.name == "owner-principal" }.map { $0.child("href")?.trimmedText ?? $0.trimmedText }
      + [href("owner")].compactMap(\.self)
    guard let me else { return nil }
    return principals.first { !$0.isEmpty && !Self.same($0, me) }
  }

  /// Whether `DAV:owner` was given and is empty: no owner the server will name (RFC 3744 §5.1), which is how
  /// Radicale 3.9 answers for a collection another account shared into this one's home (its own it names).
  var ownerless: Bool {
    found.contains { $0.name == "owner" && $0.namespace == "DAV:" && $0.children.isEmpty && $0.trimmedText.isEmpty }
  }

  /// CalendarServer's `shared-url` when it is another address than this one: the owner's copy of a sharee's.
  private var sharedURL: String? {
    guard let url = properties["shared-url"]?.child("href")?.trimmedText, !url.isEmpty else { return nil }
    let path = DAVPath.normal(url)
    return Self.trimmed(path) == Self.trimmed(href) ? nil : path
  }

  /// The owner named by the folder a shared collection's own address is in: `/calendars/alice/home/` → alice.
  private static func homeOwner(_ path: String) -> String? {
    let segments = path.split(separator: "/")
    return segments.count >= 2 ? String(segments[segments.count - 2]) : nil
  }

  /// A person's name from their principal: its last segment, or an address without `mailto:`.
  private static func person(_ principal: String) -> String {
    let text = DAVPath.normal(principal)
    if text.lowercased().hasPrefix("mailto:") { return String(text.dropFirst(7)) }
    return text.split(separator: "/").last.map(String.init) ?? text
  }

  /// Whether two principals are one: the same path, or one path ending in the other (Nextcloud's
  /// `owner-principal` is `principals/users/bob` where the principal is `/remote.php/dav/principals/users/bob/`).
  private static func same(_ principal: String, _ me: String?) -> Bool {
    guard let me else { return false }
    let (one, two) = (trimmed(DAVPath.normal(principal)), trimmed(DAVPath.normal(me)))
    return one == two || one.hasSuffix("/" + two) || two.hasSuffix("/" + one)
  }

  private static func trimmed(_ path: String) -> String {
    path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
  }
}
