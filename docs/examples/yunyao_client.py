#!/usr/bin/env python3
"""Drive Yunyao from a script with a personal access token (Python standard library only).

Make a token in the personal centre (访问令牌 / Access tokens), then:

    export YUNYAO_URL=http://127.0.0.1:3000 YUNYAO_TOKEN=yyp_...
    # Dock ligands (one SMILES per line, optionally followed by a name) into a box:
    python3 yunyao_client.py dock receptor.pdb ligands.smi --center 1.5 20.3 -5.2 --size 22 22 22
    # Any module: its route, form fields, files, and the output to fetch:
    python3 yunyao_client.py run /api/convert --field out=mols.mol2 --file input=mols.sdf --download mols.mol2

Each command submits one task, polls it until it ends and saves the chosen output file in
--out (default: the current directory). The token is read from the environment so it
never shows in the process list or the shell history.
"""

import argparse
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

DONE, FAILED = 2, 3


class YunyaoError(Exception):
    pass


def multipart(fields, files):
    """Encodes form fields and (field, path) files as multipart/form-data."""
    boundary = uuid.uuid4().hex
    parts = []
    for name, value in fields:
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode())
    for name, path in files:
        with open(path, 'rb') as f:
            data = f.read()
        filename = os.path.basename(path)
        head = f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\nContent-Type: application/octet-stream\r\n\r\n'
        parts.append(head.encode() + data + b'\r\n')
    parts.append(f'--{boundary}--\r\n'.encode())
    return b''.join(parts), f'multipart/form-data; boundary={boundary}'


class Client:
    def __init__(self, url, token):
        self.url = url.rstrip('/')
        self.token = token

    def _open(self, path, body=None, content_type=None):
        request = urllib.request.Request(self.url + path, data=body, method='POST' if body is not None else 'GET')
        # Not passed on to a redirect's target: with object storage a download answers 302 to a presigned
        # URL, which the store refuses when a second credential comes with it (docs/storage.md).
        request.add_unredirected_header('Authorization', f'Bearer {self.token}')
        if content_type:
            request.add_header('Content-Type', content_type)
        try:
            return urllib.request.urlopen(request, timeout=60)
        except urllib.error.HTTPError as err:
            # Refusals still carry the {errno, errmsg} envelope: show the server's reason.
            try:
                answer = json.load(err)
            except ValueError:
                raise YunyaoError(f'HTTP {err.code} on {path}') from None
            raise YunyaoError(f"{answer.get('errno')}: {answer.get('errmsg')}") from None

    def call(self, path, body=None, content_type=None):
        with self._open(path, body, content_type) as response:
            answer = json.load(response)
        if answer['errno'] != 0:
            raise YunyaoError(f"{answer['errno']}: {answer['errmsg']}")
        return answer['data']

    def submit(self, route, fields, files):
        body, content_type = multipart(fields, files)
        return self.call(route, body, content_type)['task_id']

    def estimate(self, route, fields, files):
        """What the task would cost and hold (yuan); nothing is submitted or held."""
        body, content_type = multipart(fields, files)
        return self.call(f'{route}/estimate', body, content_type)

    def wait(self, task_id, interval=3.0):
        while True:
            task = self.call(f'/api/tasks/{task_id}')
            if task['status'] in (DONE, FAILED):
                return task
            time.sleep(interval)

    def download(self, task_id, name, out_dir):
        outputs = self.call(f'/api/tasks/files/{task_id}')['outputs']
        match = next((f for f in outputs if f['name'] == name), None)
        if match is None:
            raise YunyaoError(f"task {task_id} has no output {name} (it has: {', '.join(f['name'] for f in outputs)})")
        query = urllib.parse.urlencode({'task_id': task_id, 'file': match['file']})
        target = os.path.join(out_dir, name)
        with self._open(f'/api/stream/download/?{query}') as response, open(target, 'wb') as f:
            f.write(response.read())
        return target

    def run(self, route, fields, files, output, out_dir='.'):
        """Submits a task, waits for it and downloads one output; returns the saved path."""
        task_id = self.submit(route, fields, files)
        print(f'task {task_id} submitted', file=sys.stderr)
        task = self.wait(task_id)
        if task['status'] != DONE:
            raise YunyaoError(f"task {task_id} {task['status_text']}: {task.get('result') or ''}")
        return self.download(task_id, output, out_dir)


def docking_form(args):
    with open(args.ligands, encoding='utf-8') as f:
        molecules = f.read()
    fields = [('protein_source', 'file'), ('mole_type', 'molecule'), ('molecules', molecules),
              ('accuracy', str(args.accuracy)), ('posture', str(args.poses))]
    fields += [(f'center_{axis}', str(v)) for axis, v in zip('xyz', args.center)]
    fields += [(f'size_{axis}', str(v)) for axis, v in zip('xyz', args.size)]
    return fields, [('protein', args.receptor)]


def pairs(values):
    return [tuple(v.split('=', 1)) for v in values or []]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--url', default=os.environ.get('YUNYAO_URL', 'http://127.0.0.1:3000'))
    parser.add_argument('--out', default='.', help='directory for the downloaded file')
    parser.add_argument('--spend-cap', metavar='YUAN', help='the most this task may cost; it is stopped there (default: 3x the estimate)')
    parser.add_argument('--estimate', action='store_true', help='print the cost estimate and hold, and submit nothing')
    commands = parser.add_subparsers(dest='command', required=True)
    dock = commands.add_parser('dock', help='dock ligands into a box and download poses.sdf')
    dock.add_argument('receptor')
    dock.add_argument('ligands', help='one SMILES per line, optionally followed by a name')
    dock.add_argument('--center', nargs=3, type=float, required=True, metavar=('X', 'Y', 'Z'))
    dock.add_argument('--size', nargs=3, type=float, default=[22, 22, 22], metavar=('SX', 'SY', 'SZ'))
    dock.add_argument('--accuracy', type=int, default=8, help='Vina exhaustiveness (1-64)')
    dock.add_argument('--poses', type=int, default=9)
    run = commands.add_parser('run', help="any module: its route, fields and files, and the output to download")
    run.add_argument('route', help='e.g. /api/convert')
    run.add_argument('--field', action='append', metavar='NAME=VALUE')
    run.add_argument('--file', action='append', metavar='FIELD=PATH')
    run.add_argument('--download', required=True, metavar='OUTPUT')
    args = parser.parse_args()

    token = os.environ.get('YUNYAO_TOKEN')
    if not token:
        parser.error('set YUNYAO_TOKEN to a personal access token (yyp_...)')
    client = Client(args.url, token)
    if args.command == 'dock':
        fields, files = docking_form(args)
        route, output = '/api/autodock', 'poses.sdf'
    else:
        fields, files, route, output = pairs(args.field), pairs(args.file), args.route, args.download
    if args.spend_cap:
        fields.append(('spend_cap', args.spend_cap))
    try:
        if args.estimate:
            print(json.dumps(client.estimate(route, fields, files), ensure_ascii=False))
            return
        print(client.run(route, fields, files, output, args.out))
    except YunyaoError as err:
        sys.exit(f'yunyao: {err}')


if __name__ == '__main__':
    main()
