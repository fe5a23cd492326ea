import StrideBase
import StrideNowView
import StrideWire

/// The table of a listing that comes in parts: its columns are set before its rows come, by the first part and by
/// what the daemon says of the whole listing (`ListColumns`: the largest id, the lists), so every part's lines line
/// up with the first's. The columns are chosen as a whole table's are (what gives way on a narrow terminal, the
/// title's room); a later cell wider than its column is cut with "…", as a title is.
struct PartsTable {
  private let session: Session
  /// Which of the table's columns are shown, and how wide each shown one is.
  private let shown: [Int]
  private let widths: [Int]
  private let lists: Bool
  /// Whether due times are said short (a narrow terminal).
  private let shortDue: Bool
  /// The header's line.
  let header: String

  init(_ session: Session, first: Wire.ListPage<Wire.TaskRow>) {
    self.session = session
    let columns = first.columns
    lists = (columns?.lists.count ?? 0) > 1 || Set(first.tasks.map(\.list)).count > 1
    let header = Session.tableHeader(lists: lists)
    var rows = session.tableRows(first.tasks, statuses: first.statuses, lists: lists)
    // The widest cells that can come later, as far as they are known: the largest id, a status such as "deferred",
    // the energy "medium", every list's name.
    let widest = [
      String(columns?.largestID.rawValue ?? 0), "", "deferred", "", "medium", "", "",
      columns?.lists.max { TerminalColumns.width($0) < TerminalColumns.width($1) } ?? "",
    ].prefix(header.count)
    rows.append(Array(widest))
    let (shown, room, shortDue) = session.fitTable(header, &rows)
    self.shortDue = shortDue
    var widths = Output.columnWidths(([header] + rows).map { row in shown.map { row[$0] } })
    // The title gets all its room, so a later, longer one lines up too.
    widths[1] = room.map { max(12, $0) } ?? 48
    self.shown = shown
    self.widths = widths
    self.header = session.output.bold(Output.line(shown.map { header[$0] }, widths: widths, rightAligned: [0]))
  }

  /// One task's line.
  func line(_ task: Wire.TaskRow, status: String?, found: SearchFound?) -> String {
    var row = session.tableRows([task], statuses: status.map { [$0] }, lists: lists)[0]
    if shortDue { row[6] = Session.shortDue(row[6]) }
    var cells = shown.map { row[$0] }
    for column in cells.indices.dropFirst() {
      // The id is never cut, nor the last column, which has no column after it to line up.
      if column == 1 {
        cells[column] = session.marked(found?.title ?? [cells[column]], width: widths[column])
      } else if column < cells.count - 1 {
        cells[column] = TerminalColumns.clip(cells[column], widths[column])
      }
    }
    return Output.line(cells, widths: widths, rightAligned: [0])
  }
}
