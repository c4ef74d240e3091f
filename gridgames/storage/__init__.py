"""Files on disk: games in progress, game records, statistics and last-used choices.

Guarantees (several processes may share one data folder: two terminals, browser tabs):

- Every write is atomic (temporary file in the same folder, flush, fsync, rename, fsync
  the folder): a kill at any instant, even `kill -9`, leaves the previous file or the new
  one, never a broken one.
- Every read-modify-write (statistics, choices) holds a lock on the data folder
  (`filelock`: an OS lock released by the kernel when a process dies, so a killed
  process never leaves it stuck), so no result and no choice is lost to a race.
- Each game in progress has its own autosave slot (`new_slot`), so two games of the same
  variant never overwrite or delete each other's save; `unfinished()` lists them all.
- Files are read with a hard byte cap whatever their size claims, regular files only (a
  device, a FIFO or a folder is refused in one sentence and never blocks).

Background storage (autosave, statistics, preferences) never stops play: a failure becomes
a `StorageWarning` in `Store.warnings` that the UI shows as one sentence. Records the user
names explicitly (open, save as, `--record`) fail loudly instead: `RecordError` with the
line and the reason, or `StorageError`.

The API a play session needs (small on purpose):

    store = Store()                       # the data folder
    slot = store.new_slot("rowcol")       # once per game in progress (a match keeps its slot)
    store.save_current(game, settings, slot=slot)   # after every change
    store.clear_current(slot)             # the game ended, or the player threw it away
    store.unfinished(variant=None)        # every resumable game, newest first (SavedGame.slot)
    slot = store.claim(saved)             # to resume one: its new slot, or None if another window took it
    store.record_game(game, opponent, human_player)   # statistics, locked
    LiveRecord(path, overwrite).write(game)           # `--record` after every move

The data folder is `platformdirs.user_data_dir("gridgames")`, or the folder in the
environment variable `GRIDGAMES_DATA_DIR` (tests and scripts isolate with it). Records are
parsed by `gridgames.engine.record` (strict, no eval); statistics and preferences are JSON.
"""

from gridgames.storage.files import (
    ENV_DATA_DIR,
    StorageError,
    atomic_write_text,
    default_data_dir,
    read_capped_bytes,
)
from gridgames.storage.records import (
    LiveRecord,
    check_record_target,
    load_record,
    open_record_or_reason,
    read_record_text,
    save_record,
)
from gridgames.storage.store import (
    CURRENT_PREFIX,
    CURRENT_SUFFIX,
    SavedGame,
    StorageWarning,
    Store,
    empty_tally,
    parse_json,
)

__all__ = [
    "CURRENT_PREFIX",
    "CURRENT_SUFFIX",
    "ENV_DATA_DIR",
    "LiveRecord",
    "SavedGame",
    "StorageError",
    "StorageWarning",
    "Store",
    "atomic_write_text",
    "check_record_target",
    "default_data_dir",
    "empty_tally",
    "load_record",
    "open_record_or_reason",
    "parse_json",
    "read_capped_bytes",
    "read_record_text",
    "save_record",
]
