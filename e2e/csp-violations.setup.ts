// Every browser test fails when a page broke the Content-Security-Policy while it ran (e2e/csp-violations.ts).
import { takeCspViolations } from './csp-violations';

function failOnViolations(): void {
  const violations = takeCspViolations();
  if (violations.length > 0) {
    throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
  }
}

afterEach(failOnViolations);
// Pages opened in beforeAll/afterAll hooks too.
afterAll(failOnViolations);
