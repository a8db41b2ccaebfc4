// Every unit test gets a fresh, in-memory IndexedDB implementation.
import 'fake-indexeddb/auto';
