/// The last delivery id a store gave out, and when (`SQLiteStore.nextDeliveryID`): the write
/// transaction (`SQLiteConnection.transactionSerial`), the database's data version then
/// (`PRAGMA data_version`) and the connection's rollbacks so far. The next id is `id + 1` without
/// reading the table while that transaction committed and none of the others changed.
struct DeliveryIDCount {
    var transaction: Int
    var id: Int64
    var dataVersion: Int64?
    var rollbacks: Int
}
