import StrideBase
import StridePlatform
import StrideWire

extension Help {
  /// The help of the commands that find and look back: list, find, log, review.
  static let findingCommands: [String: String] = [
    "list": """
    Usage: stride list [--status STATUS] [--tag TAG] [--all] [--pinned] [--sort ORDER]
                       [--energy LEVEL] [--due-before TIME] [--overdue] [--deferred-by REASON]
                       [--done-since TIME] [--search WORDS] [--list NAME]

    Lists tasks in a table. By default the open ones (active, waiting and deferred) in the
    order they were added; finished ones newest first. Every option given must hold, so
    they combine: stride list --overdue --energy low --sort due.

      --status active|waiting|deferred|completed|open|all
      --tag health               only tasks with this tag
      --all                      every task, finished ones too
      --pinned                   only pinned tasks
      --sort due                 by due, created, energy, estimate, deferrals or title;
                                 -due reverses it (tasks with no due time or estimate
                                 stay last)
      --energy low               only tasks that need this energy
      --due-before friday        only tasks due before then (a day alone: its start)
      --overdue                  only open tasks whose due time has passed
      --deferred-by no-energy    only tasks ever put off for this reason
      --done-since monday        tasks finished since then (a weekday is the one just
                                 gone; this week, this month); lists finished tasks
      --search "lease"           only tasks these words find, as 'stride find' reads them
      --list home                only tasks in this list (a LIST column shows when several)
    """,
    "find": """
    Usage: stride find WORDS [--limit N] [--all]

    Finds tasks, open and finished, by the words in their title, the thought as you typed
    it, their notes and their steps. Every word must match, from the start of a word
    (dent finds dentist); case, accents and the ways a letter is written do not matter
    (cafe finds Café, strasse Straße, oeuvre Œuvre); a "quoted phrase" matches its words
    side by side, its last from its start ("sam send" finds Sam sends). Best first: the
    title as you typed it (case aside), then the same words with other punctuation, then a
    title with the words side by side, then one with each of them, then a match elsewhere;
    among equals, open before finished, then a title that starts with the words, then the
    most recently changed.
    A task found outside its title has a line saying where. On a terminal the matching
    words are underlined.

      stride find lease
      stride find plumber thursday
      stride find '"call the bank"'

      --limit 20                 show this many (10 unless said)
      --all                      show every match
    """,
    "log": """
    Usage: stride log [ID] [--since TIME] [--until TIME] [--limit N] [--all]

    What happened, newest first, a day at a time: every capture, completion, step, deferral,
    edit, note and undo, in words ("17:02  finished step 2 of task 12, "call the bank"").
    With an ID, only what happened to that task. A change later taken back says so; one
    that came from another device through sync says that. On a terminal it opens in your
    pager ($PAGER, else less); in a pipe it prints.

      --since monday             only from then on (a weekday is the one just gone)
      --until "yesterday 18:00"  only before then
      --limit 20                 the latest 20 (100 in a pipe, 500 on a terminal)
      --all                      everything
    """,
    "review": """
    Usage: stride review [--week | --month | --since TIME]

    A look back over the last 7 days (--week, the default), the last 30 (--month), or since
    a time: what got done each day (each week over 31 days, each month over 26 weeks), as
    a chart, with the estimated time it stood for; what keeps slipping (put off twice or
    more), with its reasons counted and one suggestion each; routines kept, skipped and
    missed, and one still open past its time; what became overdue and what was captured and
    not touched since (each most recent first, as log is); when you finish things, by hour
    and by the energy they needed; and how long your finished tasks took against their
    estimates (from the time spent in focus sessions, overall and per tag once there are
    enough; now --for uses it).
    On a terminal it opens in your pager, as log does. Under NO_COLOR, TERM=dumb or
    --plain the charts are said in sentences; --json gives every figure for scripts.
    """,
  ]
}
