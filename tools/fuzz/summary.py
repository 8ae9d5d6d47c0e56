"""python tools/fuzz/summary.py DIR RUN...: the summary of tools/fuzz/run.sh from Schemathesis' JUnit reports
DIR/RUN.xml. Per run: operations passed and failed, and failures per check; last line "fuzz: N passed, N failed"
over every run, which .ci/run adds to its total. A run without a report counts as one failed operation."""

import re
import sys
import xml.etree.ElementTree as ElementTree
from collections import Counter
from pathlib import Path

# Schemathesis' failure codes (`schemathesis explain CODE`) and the check each belongs to.
CHECKS_BY_CODE = {
    "ST101": "not_a_server_error",
    "ST102": "not_a_server_error",
    "ST103": "status_code_conformance",
    "ST104": "content_type_conformance",
    "ST105": "content_type_conformance",
    "ST106": "content_type_conformance",
    "ST108": "response_schema_conformance",
    "ST109": "response_schema_conformance",
}


def checks_failed(codes: str) -> set[str]:
    return {CHECKS_BY_CODE.get(code.strip(), code.strip() or "error") for code in codes.split(",")}


def main() -> None:
    directory, runs = Path(sys.argv[1]), sys.argv[2:]
    passed = failed = 0
    for run in runs:
        report = directory / f"{run}.xml"
        if not report.exists():
            print(f"{run}: no report (the run did not happen; see {directory}/{run}.txt)")
            failed += 1
            continue
        per_check: Counter[str] = Counter()
        failing: list[str] = []
        cases = ElementTree.parse(report).getroot().iter("testcase")
        ok = 0
        for case in cases:
            problems = case.findall("failure") + case.findall("error")
            if not problems:
                ok += 1
                continue
            failing.append(case.get("name", "?"))
            checks: set[str] = set()
            for problem in problems:
                # An <error> is Schemathesis' own trouble with the operation (an unusable schema part).
                codes = problem.get("message", "") if problem.tag == "failure" else "error"
                checks |= checks_failed(codes)
            per_check.update(checks)
        passed += ok
        failed += len(failing)
        print(f"{run}: {ok} operations passed, {len(failing)} failed")
        for check, count in sorted(per_check.items()):
            print(f"  {check}: {count} operations")
        for name in failing:
            print("  FAILED " + re.sub(r"\s+", " ", name))
    print(f"fuzz: {passed} passed, {failed} failed")


if __name__ == "__main__":
    main()
