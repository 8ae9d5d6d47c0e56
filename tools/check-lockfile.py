#!/usr/bin/env python3
# npm ci refuses a lockfile that lacks any platform's optional binary (e.g. @swc/core-darwin-arm64),
# which happens when the registry does not serve that binary for the version npm picked. This names
# the missing entries; pin the package (package.json "overrides") to a version whose set is complete.
import json,sys
lock=json.load(open(sys.argv[1] if len(sys.argv) > 1 else "package-lock.json"))['packages']
missing=set()
for path,info in lock.items():
    for dep in (info.get('optionalDependencies') or {}):
        # resolve like node: nested then hoisted
        found=False
        base=path
        while True:
            cand=(base+'/node_modules/' if base else 'node_modules/')+dep
            if cand in lock: found=True;break
            if not base: break
            idx=base.rfind('/node_modules/')
            base=base[:idx] if idx>=0 else ''
        if not found: missing.add(f'{path} -> {dep}')
print('\n'.join(sorted(missing)) or 'every optional dependency is in the lockfile')
sys.exit(1 if missing else 0)
