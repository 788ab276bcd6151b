import { getDocFromServer, getDocsFromServer } from 'firebase/firestore';

/**
 * How the firebase layer reads a document or a query once: from the server, always. Offline,
 * Firestore's getDoc and getDocs answer from the SDK's cache, which holds only the open listeners'
 * documents, so a list came back as the few rows a live screen keeps, given as the whole page. From
 * the server, an offline read fails as UNAVAILABLE and the screen says it cannot reach the database.
 * Lint refuses getDoc and getDocs in src/main/firebase.
 */
export const readDoc = getDocFromServer;
export const readDocs = getDocsFromServer;
