/** The worker thread of `parseStatement`: reads the statement file it is given and posts the result. */
import { parentPort, workerData } from 'node:worker_threads';
import { workerReply } from '../../../platform/worker.ts';
import { readStatement, type StatementFile } from './parse-statement.ts';

parentPort?.postMessage(workerReply(() => readStatement(workerData as StatementFile)));
