// The one password the test harnesses give the demo users (the DEMO_PASSWORD setting, which the
// server honours only while it serves this machine alone): the API tests' servers and the e2e
// servers start with it, and the journeys sign in with it.
export const TEST_DEMO_PASSWORD = "demo-password-of-the-test-harness";
