.PHONY: start test setup typecheck

# Node 22 LTS: scripts/ensure-node.sh puts it in .tools/node when the machine's Node is older,
# and every recipe below (npm, npx, tsx and what they spawn) runs on it.
export PATH := $(CURDIR)/.tools/node/bin:$(PATH)

# Installs what is missing (Debian engines, npm packages, web build), then starts
# API + worker + web on PORT (8080) with DATA_DIR (./data) or DATABASE_URL.
start: setup
	npm start --silent

# Installs what is missing, typechecks, then runs the whole test suite (unit, engine, API on PGlite and
# PostgreSQL, browser e2e against the built web app; README, "Two commands") in two lanes side by side
# (scripts/vitest/lanes.ts). It ends with the slowest test files
# and writes every file's times to test-results/timings.json.
test: setup typecheck
	npx tsx scripts/vitest/lanes.ts

# The two typechecks side by side: each is one single-threaded tsc.
typecheck: setup
	@npx tsc -p apps/web/tsconfig.json --noEmit & web=$$!; \
	start=$$(date +%s); npx tsc -p tsconfig.json --noEmit; server=$$?; \
	wait $$web; web=$$?; echo "[typecheck] $$(( $$(date +%s) - start )) s"; \
	test $$server -eq 0 && test $$web -eq 0

setup:
	bash scripts/setup.sh
