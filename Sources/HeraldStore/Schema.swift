/// The database schema, one DDL script per version. `PRAGMA user_version` records the version a
/// file is at; `Migrations` walks a file from its version up to `Schema.currentVersion`.
///
/// Layout: every table keeps the full record as JSON in `record` (the source of truth, so new
/// model fields need no migration) plus the columns that queries filter and sort on.
/// `delivered.id` is the rowid *and* the `deliveryID` (never reused: AUTOINCREMENT until version 6,
/// then given out by the store), so rowid order is delivery order and "newest first" walks the
/// rowid backwards without sorting.
enum Schema {
    /// The version this build writes.
    static let currentVersion = 9

    /// `PRAGMA application_id` of Herald databases ("HRLD"), to refuse other programs' files.
    static let applicationID: Int32 = 0x4852_4C44

    /// Version 1: apps, categories, pending requests, delivered notifications, attachment
    /// files, responses and center-wide values. No full-text search.
    static let version1 = """
        CREATE TABLE kv (
            key TEXT PRIMARY KEY NOT NULL,
            value TEXT NOT NULL
        ) WITHOUT ROWID;

        CREATE TABLE apps (
            bundle_id TEXT PRIMARY KEY NOT NULL,
            display_name TEXT NOT NULL,
            authorization_status INTEGER NOT NULL,
            authorized_options INTEGER NOT NULL,
            badge INTEGER NOT NULL DEFAULT 0,
            device_token BLOB,
            record TEXT NOT NULL
        ) WITHOUT ROWID;

        CREATE TABLE categories (
            bundle_id TEXT NOT NULL,
            identifier TEXT NOT NULL,
            position INTEGER NOT NULL,
            record TEXT NOT NULL,
            PRIMARY KEY (bundle_id, identifier)
        ) WITHOUT ROWID;

        CREATE TABLE pending (
            bundle_id TEXT NOT NULL,
            identifier TEXT NOT NULL,
            trigger_kind TEXT NOT NULL,
            scheduled_at REAL NOT NULL,
            next_fire_date REAL,
            record TEXT NOT NULL,
            PRIMARY KEY (bundle_id, identifier)
        ) WITHOUT ROWID;
        CREATE INDEX pending_next_fire ON pending (next_fire_date);

        CREATE TABLE delivered (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            bundle_id TEXT NOT NULL,
            identifier TEXT NOT NULL,
            date REAL NOT NULL,
            presentation INTEGER NOT NULL,
            is_read INTEGER NOT NULL DEFAULT 0,
            is_removed INTEGER NOT NULL DEFAULT 0,
            title TEXT NOT NULL,
            subtitle TEXT NOT NULL,
            body TEXT NOT NULL,
            record TEXT NOT NULL
        );
        CREATE INDEX delivered_app ON delivered (bundle_id, id);
        CREATE INDEX delivered_date ON delivered (date);
        CREATE INDEX delivered_in_list ON delivered (bundle_id, id) WHERE is_removed = 0;
        CREATE INDEX delivered_unread ON delivered (bundle_id) WHERE is_read = 0;

        CREATE TABLE attachment_files (
            delivery_id INTEGER NOT NULL,
            path TEXT NOT NULL
        );
        CREATE INDEX attachment_files_delivery ON attachment_files (delivery_id);
        CREATE INDEX attachment_files_path ON attachment_files (path);

        CREATE TABLE responses (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            delivery_id INTEGER NOT NULL,
            bundle_id TEXT NOT NULL,
            action_identifier TEXT NOT NULL,
            user_text TEXT,
            date REAL NOT NULL,
            delivered_to_app INTEGER NOT NULL DEFAULT 0,
            record TEXT NOT NULL
        );
        CREATE INDEX responses_delivery ON responses (delivery_id);
        CREATE INDEX responses_undelivered ON responses (bundle_id, id) WHERE delivered_to_app = 0;
        """

    /// Version 2: full-text search over title, subtitle and body. An external-content FTS5
    /// table (the text lives once, in `delivered`), kept in sync by triggers — so any writer,
    /// even an older Herald still running, keeps the index right — and filled from the
    /// existing rows. `app_token` (a generated column: `app` + the bundle identifier in hex, one
    /// token) is indexed too, so a search within one app is an intersection of two doclists
    /// inside FTS5 rather than a lookup of every match in `delivered`.
    static let version2 = """
        ALTER TABLE delivered ADD COLUMN app_token TEXT GENERATED ALWAYS AS ('app' || hex(bundle_id)) VIRTUAL;
        CREATE VIRTUAL TABLE delivered_fts USING fts5(
            title, subtitle, body, app_token,
            content = 'delivered', content_rowid = 'id',
            tokenize = 'unicode61 remove_diacritics 2',
            prefix = '2 3'
        );
        CREATE TRIGGER delivered_fts_insert AFTER INSERT ON delivered BEGIN
            INSERT INTO delivered_fts (rowid, title, subtitle, body, app_token)
            VALUES (new.id, new.title, new.subtitle, new.body, new.app_token);
        END;
        CREATE TRIGGER delivered_fts_delete AFTER DELETE ON delivered BEGIN
            INSERT INTO delivered_fts (delivered_fts, rowid, title, subtitle, body, app_token)
            VALUES ('delete', old.id, old.title, old.subtitle, old.body, old.app_token);
        END;
        CREATE TRIGGER delivered_fts_update AFTER UPDATE OF bundle_id, title, subtitle, body ON delivered BEGIN
            INSERT INTO delivered_fts (delivered_fts, rowid, title, subtitle, body, app_token)
            VALUES ('delete', old.id, old.title, old.subtitle, old.body, old.app_token);
            INSERT INTO delivered_fts (rowid, title, subtitle, body, app_token)
            VALUES (new.id, new.title, new.subtitle, new.body, new.app_token);
        END;
        INSERT INTO delivered_fts (delivered_fts) VALUES ('rebuild');
        """

    /// Version 3: reads that stay fast at a million rows.
    /// - `delivered_in_list_identifier`: the deliveries of one app still in the list with a
    ///   given request identifier — what every delivery looks up (to replace a notification
    ///   with the same identifier). Without it the lookup walked all of the app's list.
    /// - `unread_counts`: unread deliveries per app, kept by triggers (so any writer keeps it
    ///   right), instead of counting the unread rows on every `unreadCounts()` (446 ms at a
    ///   million unread rows).
    static let version3 = """
        CREATE INDEX delivered_in_list_identifier ON delivered (bundle_id, identifier) WHERE is_removed = 0;
        CREATE TABLE unread_counts (
            bundle_id TEXT PRIMARY KEY NOT NULL,
            count INTEGER NOT NULL
        ) WITHOUT ROWID;
        INSERT INTO unread_counts (bundle_id, count)
            SELECT bundle_id, count(*) FROM delivered WHERE is_read = 0 GROUP BY bundle_id;
        CREATE TRIGGER unread_counts_insert AFTER INSERT ON delivered WHEN new.is_read = 0 BEGIN
            INSERT INTO unread_counts (bundle_id, count) VALUES (new.bundle_id, 1)
                ON CONFLICT (bundle_id) DO UPDATE SET count = count + 1;
        END;
        CREATE TRIGGER unread_counts_delete AFTER DELETE ON delivered WHEN old.is_read = 0 BEGIN
            UPDATE unread_counts SET count = count - 1 WHERE bundle_id = old.bundle_id;
        END;
        CREATE TRIGGER unread_counts_update AFTER UPDATE OF is_read, bundle_id ON delivered
            WHEN old.is_read = 0 OR new.is_read = 0 BEGIN
            UPDATE unread_counts SET count = count - 1 WHERE old.is_read = 0 AND bundle_id = old.bundle_id;
            INSERT INTO unread_counts (bundle_id, count) SELECT new.bundle_id, 1 WHERE new.is_read = 0
                ON CONFLICT (bundle_id) DO UPDATE SET count = count + 1;
        END;
        """

    /// Version 4: writes that stay cheap. Measured with herald-bench, a delivery's commit cost
    /// ~480 µs, ~160 µs of it FTS5 flushing a one-row segment (an insert trigger makes every
    /// row its own FTS5 savepoint, so even a batch flushed row by row), and each index keyed by
    /// app dirtied a page per app per commit.
    /// - The full-text index is filled *after* the commit, in bulk, by `SQLiteStore`'s search
    ///   indexer: `search_index.indexed_through` is the last delivery id in it. Rows past it are
    ///   indexed before any search and in the background (see `SQLiteStore+SearchIndex.swift`).
    ///   The delete and update triggers only touch rows already in the index.
    /// - `columnsize=0` (no per-row size record: Herald orders by recency, never by bm25) and no
    ///   prefix indexes (a prefix query walks the term range; the vocabulary of a history is small).
    /// - `delivered_in_list` and `delivered_unread` are gone: `delivered_app` answers the same
    ///   queries (the list of one app is filtered from its history) and `unread_counts` replaced
    ///   counting unread rows in version 3.
    static let version4 = """
        DROP TRIGGER delivered_fts_insert;
        DROP TRIGGER delivered_fts_delete;
        DROP TRIGGER delivered_fts_update;
        DROP TABLE delivered_fts;
        DROP INDEX delivered_in_list;
        DROP INDEX delivered_unread;
        CREATE VIRTUAL TABLE delivered_fts USING fts5(
            title, subtitle, body, app_token,
            content = 'delivered', content_rowid = 'id',
            tokenize = 'unicode61 remove_diacritics 2',
            columnsize = 0
        );
        CREATE TABLE search_index (
            indexed_through INTEGER NOT NULL
        );
        INSERT INTO delivered_fts (delivered_fts) VALUES ('rebuild');
        INSERT INTO search_index (indexed_through) SELECT coalesce(max(id), 0) FROM delivered;
        \(searchIndexTriggers)
        """

    /// The triggers that keep the full-text index right when an indexed row is deleted or its
    /// text changes (versions 4 and 7); rows past the mark are the indexer's.
    static let searchIndexTriggers = """
        CREATE TRIGGER delivered_fts_delete AFTER DELETE ON delivered
            WHEN old.id <= (SELECT indexed_through FROM search_index) BEGIN
            INSERT INTO delivered_fts (delivered_fts, rowid, title, subtitle, body, app_token)
            VALUES ('delete', old.id, old.title, old.subtitle, old.body, old.app_token);
        END;
        CREATE TRIGGER delivered_fts_update AFTER UPDATE OF bundle_id, title, subtitle, body ON delivered
            WHEN old.id <= (SELECT indexed_through FROM search_index) BEGIN
            INSERT INTO delivered_fts (delivered_fts, rowid, title, subtitle, body, app_token)
            VALUES ('delete', old.id, old.title, old.subtitle, old.body, old.app_token);
            INSERT INTO delivered_fts (rowid, title, subtitle, body, app_token)
            VALUES (new.id, new.title, new.subtitle, new.body, new.app_token);
        END;
        """

    /// Version 5: the "same identifier still in the list" lookup (Apple's replacement rule, on
    /// every delivery) keyed by the request identifier alone. Its keys are random, so each insert
    /// lands on a page of its own; keyed by (app, identifier) the index took 36 MiB at a million
    /// rows (31 bytes of key a row), by identifier about half — half the pages to keep in the cache
    /// and to write back. The lookup filters the few rows of other apps with the same identifier.
    ///
    /// And FTS5's automatic merging is off: the search indexer merges in bounded steps of its
    /// own (`SQLiteStore+SearchIndex.swift`), so no indexing pass holds the store for long.
    static let version5 = """
        INSERT INTO delivered_fts (delivered_fts, rank) VALUES ('automerge', 0);
        DROP INDEX delivered_in_list_identifier;
        CREATE INDEX delivered_in_list_by_identifier ON delivered (identifier) WHERE is_removed = 0;
        """

    /// Version 6: a narrower row, and no trigger on insert.
    /// - `delivered.record` of new rows is compact (`CompactDeliveredRecord`): only what no column
    ///   holds, and of that only what differs from its default — ~70 bytes instead of ~375 (which
    ///   repeated the title, body and every default value). Older rows keep the full form and are
    ///   read as before; this version only marks the file, so an older Herald refuses it.
    /// - `unread_counts` covers the rows through `search_index.indexed_through`, like the
    ///   full-text index: the search indexer adds each chunk's unread rows per app in bulk (one
    ///   statement per chunk) instead of a trigger program per inserted row, and `unreadCounts()`
    ///   adds the few rows past the mark. The delete and update triggers only touch rows the
    ///   counters already cover. The counters lose what the migration finds past the mark.
    /// - `delivered.id` is a plain rowid: AUTOINCREMENT read and wrote `sqlite_sequence` in every
    ///   insert statement. Ids are still never reused: the store gives them out itself, past both
    ///   the highest id in the table and `delivered_ids.issued_through` — the highest id deleted
    ///   from the top of the table, kept by a trigger only when the newest row is deleted
    ///   (`SQLiteStore.nextDeliveryID`). The table's SQL is edited in place (`writable_schema`,
    ///   SQLite's documented way for changes that leave the stored format alone), not copied.
    static let version6 = """
        DROP TRIGGER unread_counts_insert;
        DROP TRIGGER unread_counts_delete;
        DROP TRIGGER unread_counts_update;
        UPDATE unread_counts SET count = count - (
            SELECT count(*) FROM delivered WHERE delivered.bundle_id = unread_counts.bundle_id
            AND delivered.id > (SELECT indexed_through FROM search_index) AND delivered.is_read = 0);
        CREATE TRIGGER unread_counts_delete AFTER DELETE ON delivered
            WHEN old.is_read = 0 AND old.id <= (SELECT indexed_through FROM search_index) BEGIN
            UPDATE unread_counts SET count = count - 1 WHERE bundle_id = old.bundle_id;
        END;
        CREATE TRIGGER unread_counts_update AFTER UPDATE OF is_read, bundle_id ON delivered
            WHEN (old.is_read = 0 OR new.is_read = 0) AND old.id <= (SELECT indexed_through FROM search_index) BEGIN
            UPDATE unread_counts SET count = count - 1 WHERE old.is_read = 0 AND bundle_id = old.bundle_id;
            INSERT INTO unread_counts (bundle_id, count) SELECT new.bundle_id, 1 WHERE new.is_read = 0
                ON CONFLICT (bundle_id) DO UPDATE SET count = count + 1;
        END;
        CREATE TABLE delivered_ids (
            issued_through INTEGER NOT NULL
        );
        INSERT INTO delivered_ids (issued_through) SELECT max(
            coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'delivered'), 0),
            coalesce((SELECT max(id) FROM delivered), 0));
        CREATE TRIGGER delivered_ids_issued AFTER DELETE ON delivered
            WHEN old.id > coalesce((SELECT max(id) FROM delivered), 0) BEGIN
            UPDATE delivered_ids SET issued_through = max(issued_through, old.id);
        END;
        PRAGMA writable_schema = ON;
        UPDATE sqlite_schema SET sql = replace(sql, 'id INTEGER PRIMARY KEY AUTOINCREMENT,', 'id INTEGER PRIMARY KEY,')
            WHERE type = 'table' AND name = 'delivered';
        PRAGMA writable_schema = RESET;
        DELETE FROM sqlite_sequence WHERE name = 'delivered';
        """

    /// Version 7: searches as you type stay fast at a million rows, in a smaller index.
    /// - `prefix = '1 2'`: FTS5 keeps the one- and two-character prefixes of every term as terms
    ///   of their own, so a last word of one or two characters (`a`, `12`) is one doclist read
    ///   lazily, newest first, instead of the merge of every term it starts (all of the history's
    ///   numbers for a digit: 44 ms of CPU for a first page at a million rows).
    /// - `detail = none`: the index keeps which rows hold a term, not where. Searches ask for
    ///   single words only (no phrases, no columns), so nothing is lost; at a million rows the
    ///   index with its prefixes takes 32 MB, a third less than version 4's without them (48 MB).
    /// - `app_token` starts with U+E000 (a private-use character) instead of `app`: still one
    ///   token for FTS5, but no typed word can hold or start it (`SearchExpression.words` splits
    ///   on it), so words need no column filter, and an app's token is never among the terms of a
    ///   prefix (`a` matched 100 of them). A row's own text could spell another app's token, so
    ///   the rows of an app search are checked against `bundle_id` too.
    /// The index is rebuilt from the rows (every row, also those past the indexer's mark, which
    /// the unread counters then cover as the indexer would).
    static let version7 = """
        DROP TRIGGER delivered_fts_delete;
        DROP TRIGGER delivered_fts_update;
        DROP TABLE delivered_fts;
        ALTER TABLE delivered DROP COLUMN app_token;
        ALTER TABLE delivered ADD COLUMN app_token TEXT GENERATED ALWAYS AS (char(57344) || hex(bundle_id)) VIRTUAL;
        CREATE VIRTUAL TABLE delivered_fts USING fts5(
            title, subtitle, body, app_token,
            content = 'delivered', content_rowid = 'id',
            tokenize = 'unicode61 remove_diacritics 2',
            columnsize = 0,
            detail = none,
            prefix = '1 2'
        );
        INSERT INTO delivered_fts (delivered_fts, rank) VALUES ('automerge', 0);
        INSERT INTO delivered_fts (delivered_fts) VALUES ('rebuild');
        INSERT INTO unread_counts (bundle_id, count)
            SELECT bundle_id, count(*) FROM delivered
            WHERE id > (SELECT indexed_through FROM search_index) AND is_read = 0 GROUP BY bundle_id
            ON CONFLICT (bundle_id) DO UPDATE SET count = count + excluded.count;
        UPDATE search_index SET indexed_through = max(indexed_through, coalesce((SELECT max(id) FROM delivered), 0));
        \(searchIndexTriggers)
        """

    /// Version 8: a search's read filter answered without reading rows.
    /// - `delivered_app` covers the read state (`(bundle_id, id, is_read)`): "the unread rows of
    ///   app X" is a range of the index, not a row read per id (each on a page of its own when
    ///   the app's rows lie far apart). An insert writes the same index entries as before, one
    ///   byte longer.
    /// - `delivered_read_state`: the id and read state of every row through
    ///   `search_index.indexed_through` — the rows a search can find —, about 8 bytes a row, so a
    ///   search without an app checks its ids (still there, unread) a few hundred to a page. The
    ///   search indexer fills it with each chunk, after the commit (nothing on an insert's
    ///   path); triggers keep it right when an indexed row is marked read or unread or deleted
    ///   (a row past the mark is not in it, and is read as it is then when indexed).
    static let version8 = """
        DROP INDEX delivered_app;
        CREATE INDEX delivered_app ON delivered (bundle_id, id, is_read);
        CREATE TABLE delivered_read_state (
            id INTEGER PRIMARY KEY,
            is_read INTEGER NOT NULL
        );
        INSERT INTO delivered_read_state (id, is_read)
            SELECT id, is_read FROM delivered WHERE id <= (SELECT indexed_through FROM search_index);
        CREATE TRIGGER delivered_read_state_update AFTER UPDATE OF is_read ON delivered
            WHEN old.is_read IS NOT new.is_read BEGIN
            UPDATE delivered_read_state SET is_read = new.is_read WHERE id = old.id;
        END;
        CREATE TRIGGER delivered_read_state_delete AFTER DELETE ON delivered BEGIN
            DELETE FROM delivered_read_state WHERE id = old.id;
        END;
        """

    /// Version 9: one index page fewer in every commit that adds a notification.
    /// - `delivered_date` is gone. Its only reader was the retention pass's "older than the
    ///   maximum age" (once per daemon start), and every insert wrote its newest page: a fourth
    ///   WAL frame (with the table's, `delivered_app`'s and `delivered_in_list_by_identifier`'s)
    ///   in each commit of a lone post.
    /// - `delivered_app` covers the date too (`(bundle_id, id, is_read, date)`): the age pass
    ///   reads the app index from end to end (as the per-app count beside it already does), a
    ///   tenth of the table's pages, and no row. An insert writes the same entries as before,
    ///   eight bytes longer.
    static let version9 = """
        DROP INDEX delivered_date;
        DROP INDEX delivered_app;
        CREATE INDEX delivered_app ON delivered (bundle_id, id, is_read, date);
        """

    /// The script that takes a file from version `n - 1` to `n`, by index `n - 1`.
    static let steps: [String] = [version1, version2, version3, version4, version5, version6, version7, version8,
                                  version9]
}
