import { writeFileSync } from 'node:fs';
import { registeredMessages } from '@yunyao/contract';
// Importing the registry registers every module's catalogue, the shared texts (common.*) and the contract's.
import '../index.ts';
import { PYTHON_MESSAGES_PATH, renderPythonMessages } from './python-messages.ts';

// `npm run gen:python-messages`: after a catalogue changes, rewrites the committed python/yunyao/messages.json.
writeFileSync(PYTHON_MESSAGES_PATH, renderPythonMessages(registeredMessages()));
console.log(`wrote ${PYTHON_MESSAGES_PATH}`);
