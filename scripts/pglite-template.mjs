// After the build: makes the embedded database's first-start template (dist/db/pglite-template.js)
// for the installed PGlite and migrations, so that the first `npm start` on an empty data folder
// copies it instead of spending initdb's seconds. Nothing is done when it already exists; when it
// cannot be made, the service makes one (or creates the database in place) at its first start.
import { PGLITE_SETTINGS } from '../dist/db/client.js';
import { prepareTemplate } from '../dist/db/pglite-initdb.js';

try {
  const template = await prepareTemplate(PGLITE_SETTINGS);
  process.stdout.write(
    template
      ? `embedded database template: ${template}\n`
      : 'embedded database template: its folder cannot be written; first starts create the database\n',
  );
} catch (error) {
  process.stderr.write(`embedded database template not made: ${error.message}\n`);
}
