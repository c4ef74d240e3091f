
SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

SET default_tablespace = '';

SET default_table_access_method = heap;

CREATE TABLE public.gridgames_schema (
    version integer NOT NULL
);

CREATE TABLE public.moves (
    room text NOT NULL,
    game_no integer NOT NULL,
    ply integer NOT NULL,
    move text NOT NULL
);

CREATE TABLE public.rooms (
    id text NOT NULL,
    variant text NOT NULL,
    size text NOT NULL,
    first text NOT NULL,
    adjacency text NOT NULL,
    game_no integer NOT NULL,
    first_player integer NOT NULL,
    match text NOT NULL,
    result text,
    created double precision NOT NULL,
    seq integer DEFAULT 0 NOT NULL,
    takeback_by integer,
    rematch text DEFAULT ''::text NOT NULL,
    finished double precision,
    snapshot text
);

CREATE TABLE public.seats (
    room text NOT NULL,
    seat integer NOT NULL,
    secret_hash text NOT NULL,
    CONSTRAINT seats_seat_check CHECK ((seat = ANY (ARRAY[1, 2])))
);

INSERT INTO public.gridgames_schema VALUES (3);

INSERT INTO public.moves VALUES ('pgNoNeighbour0000000000', 1, 0, '(1,1)');

INSERT INTO public.rooms VALUES ('pgNoNeighbour0000000000', 'noneighbour', '4x4', '1', 'orthogonal', 1, 1, '{"variant": "noneighbour", "size": "4x4", "first": "1", "adjacency": "orthogonal", "scoring": "wins", "starts": "alternate", "length": null, "score": [0, 0], "wins": [0, 0], "draws": 0, "games": 0, "last_first": null, "last_winner": null}', NULL, 1795765885.0493667, 2, NULL, '', NULL, NULL);
INSERT INTO public.rooms VALUES ('pgLockedDuel00000000000', 'locked-duel', '5x5', 'toss', 'king', 1, 1, '{"variant": "locked-duel", "size": "5x5", "first": "toss", "adjacency": "king", "scoring": "wins", "starts": "alternate", "length": null, "score": [0, 0], "wins": [0, 0], "draws": 0, "games": 0, "last_first": null, "last_winner": null}', NULL, 1795765885.067625, 0, NULL, '', NULL, NULL);

INSERT INTO public.seats VALUES ('pgNoNeighbour0000000000', 1, '09f61f8d9cd65e6a0c258087c485b6293541364e42bd97b2d7936580c8aa3c54');
INSERT INTO public.seats VALUES ('pgNoNeighbour0000000000', 2, 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb');
INSERT INTO public.seats VALUES ('pgLockedDuel00000000000', 1, '1606b37d10cdaacf262ff88ef93b86bb4f75c3d8da95dc77340b2c470059d135');

ALTER TABLE ONLY public.moves
    ADD CONSTRAINT moves_pkey PRIMARY KEY (room, game_no, ply);

ALTER TABLE ONLY public.rooms
    ADD CONSTRAINT rooms_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.seats
    ADD CONSTRAINT seats_pkey PRIMARY KEY (room, seat);

CREATE INDEX rooms_finished ON public.rooms USING btree (finished) WHERE (finished IS NOT NULL);

ALTER TABLE ONLY public.moves
    ADD CONSTRAINT moves_room_fkey FOREIGN KEY (room) REFERENCES public.rooms(id);

ALTER TABLE ONLY public.seats
    ADD CONSTRAINT seats_room_fkey FOREIGN KEY (room) REFERENCES public.rooms(id);

