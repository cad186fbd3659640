// Prints each failed test of a Vitest JSON report (file, name, the first lines of its error), and
// each test that failed once and passed on its retry, so the end of a CI log, which may be all that
// is kept of it, says what failed and what wavered, not only how many.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const [reportPath, suite] = process.argv.slice(2);
const report = JSON.parse(readFileSync(reportPath, 'utf8'));
for (const file of report.testResults ?? []) {
  const where = relative(process.cwd(), file.name);
  const tests = file.assertionResults ?? [];
  const failedTests = tests.filter((t) => t.status === 'failed');
  if (failedTests.length === 0 && file.status === 'failed') {
    console.log(`FAILED ${suite}: ${where}: ${firstLines(file.message)}`);
  }
  for (const test of failedTests) {
    console.log(`FAILED ${suite}: ${where} > ${test.fullName}: ${firstLines(test.failureMessages?.[0])}`);
  }
  // Vitest keeps a retried test's earlier errors on the test that then passed.
  for (const test of tests.filter((t) => t.status === 'passed' && t.failureMessages?.length)) {
    console.log(
      `PASSED ON RETRY ${suite}: ${where} > ${test.fullName}: ${firstLines(test.failureMessages[0])}`,
    );
  }
}

function firstLines(text = '') {
  return text.split('\n').slice(0, 3).join(' | ').slice(0, 400);
}
