.PHONY: start test setup build-and-typecheck

# Node 22 LTS: scripts/ensure-node.sh puts it in .tools/node when the machine's Node is older,
# and every recipe below (npm, npx, tsx and what they spawn) runs on it.
export PATH := $(CURDIR)/.tools/node/bin:$(PATH)

# Installs what is missing (Debian engines, npm packages, web build), then starts
# API + worker + web on PORT (8080) with DATA_DIR (./data) or DATABASE_URL.
start: setup
	bash scripts/build-web-if-stale.sh
	npm start --silent

# Installs what is missing, builds the web app and typechecks, then runs the whole test suite (unit,
# engine, API on PGlite and PostgreSQL, browser e2e against the built web app; README, "Two commands")
# in two lanes side by side (scripts/vitest/lanes.ts). It ends with the slowest test files and writes
# every file's times to test-results/timings.json.
test: setup build-and-typecheck
	npx tsx scripts/vitest/lanes.ts

# The web build and the two typechecks side by side on the cores: each is one single-threaded process
# (Rolldown's bundling and the precompression take about 35 s on one core, each tsc about 40 s), so run
# one after the other they left a core idle for half a minute.
build-and-typecheck: setup
	@bash scripts/build-web-if-stale.sh & build=$$!; \
	npx tsc -p apps/web/tsconfig.json --noEmit & web=$$!; \
	start=$$(date +%s); npx tsc -p tsconfig.json --noEmit; server=$$?; \
	wait $$web; web=$$?; echo "[typecheck] $$(( $$(date +%s) - start )) s"; \
	wait $$build; build=$$?; echo "[build and typecheck] $$(( $$(date +%s) - start )) s"; \
	test $$server -eq 0 && test $$web -eq 0 && test $$build -eq 0

setup:
	bash scripts/setup.sh
