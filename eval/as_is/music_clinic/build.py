#!/usr/bin/env python3
"""Build the two databases of this set (fixed seed):

  dbs/chinook/chinook.sqlite   shaped like the public Chinook sample (PascalCase)
  dbs/clinic/clinic.sqlite     an outpatient clinic of a small business (snake_case)

Dates spread over 2023-2026; "today" is 2026-11-27.
"""
import datetime as dt
import os
import random
import sqlite3

ROOT = os.path.dirname(os.path.abspath(__file__))
TODAY = dt.date(2026, 11, 27)


def fresh(name):
    d = os.path.join(ROOT, 'dbs', name)
    os.makedirs(d, exist_ok=True)
    p = os.path.join(d, name + '.sqlite')
    if os.path.exists(p):
        os.remove(p)
    return sqlite3.connect(p)


# ---------------------------------------------------------------- chinook
CHINOOK_DDL = """
CREATE TABLE [Album]
(
    [AlbumId] INTEGER  NOT NULL,
    [Title] NVARCHAR(160)  NOT NULL,
    [ArtistId] INTEGER  NOT NULL,
    CONSTRAINT [PK_Album] PRIMARY KEY  ([AlbumId]),
    FOREIGN KEY ([ArtistId]) REFERENCES [Artist] ([ArtistId])
                ON DELETE NO ACTION ON UPDATE NO ACTION
);
CREATE TABLE [Artist]
(
    [ArtistId] INTEGER  NOT NULL,
    [Name] NVARCHAR(120),
    CONSTRAINT [PK_Artist] PRIMARY KEY  ([ArtistId])
);
CREATE TABLE [Customer]
(
    [CustomerId] INTEGER  NOT NULL,
    [FirstName] NVARCHAR(40)  NOT NULL,
    [LastName] NVARCHAR(20)  NOT NULL,
    [Company] NVARCHAR(80),
    [Address] NVARCHAR(70),
    [City] NVARCHAR(40),
    [State] NVARCHAR(40),
    [Country] NVARCHAR(40),
    [PostalCode] NVARCHAR(10),
    [Phone] NVARCHAR(24),
    [Fax] NVARCHAR(24),
    [Email] NVARCHAR(60)  NOT NULL,
    [SupportRepId] INTEGER,
    CONSTRAINT [PK_Customer] PRIMARY KEY  ([CustomerId]),
    FOREIGN KEY ([SupportRepId]) REFERENCES [Employee] ([EmployeeId])
                ON DELETE NO ACTION ON UPDATE NO ACTION
);
CREATE TABLE [Employee]
(
    [EmployeeId] INTEGER  NOT NULL,
    [LastName] NVARCHAR(20)  NOT NULL,
    [FirstName] NVARCHAR(20)  NOT NULL,
    [Title] NVARCHAR(30),
    [ReportsTo] INTEGER,
    [BirthDate] DATETIME,
    [HireDate] DATETIME,
    [Address] NVARCHAR(70),
    [City] NVARCHAR(40),
    [State] NVARCHAR(40),
    [Country] NVARCHAR(40),
    [PostalCode] NVARCHAR(10),
    [Phone] NVARCHAR(24),
    [Fax] NVARCHAR(24),
    [Email] NVARCHAR(60),
    CONSTRAINT [PK_Employee] PRIMARY KEY  ([EmployeeId]),
    FOREIGN KEY ([ReportsTo]) REFERENCES [Employee] ([EmployeeId])
                ON DELETE NO ACTION ON UPDATE NO ACTION
);
CREATE TABLE [Genre]
(
    [GenreId] INTEGER  NOT NULL,
    [Name] NVARCHAR(120),
    CONSTRAINT [PK_Genre] PRIMARY KEY  ([GenreId])
);
CREATE TABLE [Invoice]
(
    [InvoiceId] INTEGER  NOT NULL,
    [CustomerId] INTEGER  NOT NULL,
    [InvoiceDate] DATETIME  NOT NULL,
    [BillingAddress] NVARCHAR(70),
    [BillingCity] NVARCHAR(40),
    [BillingState] NVARCHAR(40),
    [BillingCountry] NVARCHAR(40),
    [BillingPostalCode] NVARCHAR(10),
    [Total] NUMERIC(10,2)  NOT NULL,
    CONSTRAINT [PK_Invoice] PRIMARY KEY  ([InvoiceId]),
    FOREIGN KEY ([CustomerId]) REFERENCES [Customer] ([CustomerId])
                ON DELETE NO ACTION ON UPDATE NO ACTION
);
CREATE TABLE [InvoiceLine]
(
    [InvoiceLineId] INTEGER  NOT NULL,
    [InvoiceId] INTEGER  NOT NULL,
    [TrackId] INTEGER  NOT NULL,
    [UnitPrice] NUMERIC(10,2)  NOT NULL,
    [Quantity] INTEGER  NOT NULL,
    CONSTRAINT [PK_InvoiceLine] PRIMARY KEY  ([InvoiceLineId]),
    FOREIGN KEY ([InvoiceId]) REFERENCES [Invoice] ([InvoiceId])
                ON DELETE NO ACTION ON UPDATE NO ACTION,
    FOREIGN KEY ([TrackId]) REFERENCES [Track] ([TrackId])
                ON DELETE NO ACTION ON UPDATE NO ACTION
);
CREATE TABLE [MediaType]
(
    [MediaTypeId] INTEGER  NOT NULL,
    [Name] NVARCHAR(120),
    CONSTRAINT [PK_MediaType] PRIMARY KEY  ([MediaTypeId])
);
CREATE TABLE [Playlist]
(
    [PlaylistId] INTEGER  NOT NULL,
    [Name] NVARCHAR(120),
    CONSTRAINT [PK_Playlist] PRIMARY KEY  ([PlaylistId])
);
CREATE TABLE [PlaylistTrack]
(
    [PlaylistId] INTEGER  NOT NULL,
    [TrackId] INTEGER  NOT NULL,
    CONSTRAINT [PK_PlaylistTrack] PRIMARY KEY  ([PlaylistId], [TrackId]),
    FOREIGN KEY ([PlaylistId]) REFERENCES [Playlist] ([PlaylistId])
                ON DELETE NO ACTION ON UPDATE NO ACTION,
    FOREIGN KEY ([TrackId]) REFERENCES [Track] ([TrackId])
                ON DELETE NO ACTION ON UPDATE NO ACTION
);
CREATE TABLE [Track]
(
    [TrackId] INTEGER  NOT NULL,
    [Name] NVARCHAR(200)  NOT NULL,
    [AlbumId] INTEGER,
    [MediaTypeId] INTEGER  NOT NULL,
    [GenreId] INTEGER,
    [Composer] NVARCHAR(220),
    [Milliseconds] INTEGER  NOT NULL,
    [Bytes] INTEGER,
    [UnitPrice] NUMERIC(10,2)  NOT NULL,
    CONSTRAINT [PK_Track] PRIMARY KEY  ([TrackId]),
    FOREIGN KEY ([AlbumId]) REFERENCES [Album] ([AlbumId])
                ON DELETE NO ACTION ON UPDATE NO ACTION,
    FOREIGN KEY ([GenreId]) REFERENCES [Genre] ([GenreId])
                ON DELETE NO ACTION ON UPDATE NO ACTION,
    FOREIGN KEY ([MediaTypeId]) REFERENCES [MediaType] ([MediaTypeId])
                ON DELETE NO ACTION ON UPDATE NO ACTION
);
CREATE INDEX [IFK_AlbumArtistId] ON [Album] ([ArtistId]);
CREATE INDEX [IFK_CustomerSupportRepId] ON [Customer] ([SupportRepId]);
CREATE INDEX [IFK_EmployeeReportsTo] ON [Employee] ([ReportsTo]);
CREATE INDEX [IFK_InvoiceCustomerId] ON [Invoice] ([CustomerId]);
CREATE INDEX [IFK_InvoiceLineInvoiceId] ON [InvoiceLine] ([InvoiceId]);
CREATE INDEX [IFK_InvoiceLineTrackId] ON [InvoiceLine] ([TrackId]);
CREATE INDEX [IFK_PlaylistTrackTrackId] ON [PlaylistTrack] ([TrackId]);
CREATE INDEX [IFK_TrackAlbumId] ON [Track] ([AlbumId]);
CREATE INDEX [IFK_TrackGenreId] ON [Track] ([GenreId]);
CREATE INDEX [IFK_TrackMediaTypeId] ON [Track] ([MediaTypeId]);
"""

GENRES = ['Rock', 'Jazz', 'Metal', 'Alternative & Punk', 'Rock And Roll', 'Blues', 'Latin', 'Reggae', 'Pop',
          'Soundtrack', 'Bossa Nova', 'Easy Listening', 'Heavy Metal', 'R&B/Soul', 'Electronica/Dance', 'World',
          'Hip Hop/Rap', 'Science Fiction', 'TV Shows', 'Sci Fi & Fantasy', 'Drama', 'Comedy', 'Alternative',
          'Classical', 'Opera']
MEDIA = ['MPEG audio file', 'Protected AAC audio file', 'Protected MPEG-4 video file', 'Purchased AAC audio file',
         'AAC audio file']

# artist, genre, [albums], composer style
ARTISTS = [
    ('AC/DC', 'Rock', ['For Those About To Rock We Salute You', 'Let There Be Rock'], 'Angus Young, Malcolm Young, Brian Johnson'),
    ('Accept', 'Rock', ['Balls to the Wall', 'Restless and Wild'], 'F. Baltes, S. Kaufman, U. Dirkscneider & W. Hoffman'),
    ('Aerosmith', 'Rock', ['Big Ones'], 'Steven Tyler, Joe Perry'),
    ('Alanis Morissette', 'Rock', ['Jagged Little Pill'], 'Alanis Morissette & Glenn Ballard'),
    ('Alice In Chains', 'Rock', ['Facelift'], 'Jerry Cantrell'),
    ('Antônio Carlos Jobim', 'Bossa Nova', ['Warner 25 Anos', 'Chill: Brazil (Disc 2)'], 'Antônio Carlos Jobim'),
    ('Apocalyptica', 'Metal', ['Plays Metallica By Four Cellos'], 'Apocalyptica'),
    ('Audioslave', 'Alternative & Punk', ['Audioslave', 'Out Of Exile', 'Revelations'], 'Audioslave/Chris Cornell'),
    ('BackBeat', 'Rock And Roll', ['BackBeat Soundtrack'], None),
    ('Billy Cobham', 'Jazz', ['The Best Of Billy Cobham'], 'Billy Cobham'),
    ('Black Label Society', 'Metal', ['Alcohol Fueled Brewtality Live! [Disc 1]'], 'Zakk Wylde'),
    ('Black Sabbath', 'Metal', ['Black Sabbath', 'Black Sabbath Vol. 4 (Remaster)'], 'Tony Iommi, Bill Ward, Geezer Butler, Ozzy Osbourne'),
    ('Body Count', 'Alternative & Punk', ['Body Count'], None),
    ('Bruce Dickinson', 'Metal', ['Chemical Wedding'], 'Bruce Dickinson'),
    ('Buddy Guy', 'Blues', ['The Best Of Buddy Guy - The Millenium Collection'], 'Buddy Guy'),
    ('Caetano Veloso', 'Latin', ['Prenda Minha', 'Sozinho Remix Ao Vivo'], 'Caetano Veloso'),
    ('Chico Buarque', 'Latin', ['Minha Historia'], 'Chico Buarque'),
    ('Cidade Negra', 'Reggae', ['Acústico MTV [Live]', 'Cidade Negra - Hits'], None),
    ('Eric Clapton', 'Blues', ['The Cream Of Clapton', 'Unplugged'], 'Eric Clapton'),
    ('Led Zeppelin', 'Rock', ['IV', 'Houses Of The Holy', 'Physical Graffiti [Disc 1]', 'Presence', 'Coda'], 'Jimmy Page, Robert Plant'),
    ('Iron Maiden', 'Metal', ['Powerslave', 'Piece Of Mind', 'Fear Of The Dark', 'Brave New World'], 'Steve Harris'),
    ('Metallica', 'Metal', ['Master Of Puppets', 'Ride The Lightning', "Kill 'Em All", 'Load', 'ReLoad'], 'James Hetfield, Lars Ulrich'),
    ('Miles Davis', 'Jazz', ['The Essential Miles Davis [Disc 1]', 'Kind of Blue'], 'Miles Davis'),
    ('Queen', 'Rock', ['Greatest Hits I', 'Greatest Hits II', 'News Of The World'], 'Freddie Mercury'),
    ('U2', 'Rock', ['Achtung Baby', 'War', 'Pop', 'Rattle And Hum'], 'U2'),
    ('Green Day', 'Alternative & Punk', ['International Superhits', 'American Idiot'], 'Billie Joe Armstrong, Mike Dirnt, Tré Cool'),
    ('Spyro Gyra', 'Jazz', ['Heart of the Night', 'Morning Dance'], None),
    ('Gilberto Gil', 'Latin', ['As Canções de Eu Tu Eles', 'Quanta Gente Veio Ver (Live)'], 'Gilberto Gil'),
    ('Marvin Gaye', 'R&B/Soul', ["Seek And Shall Find: More Of The Best (1963-1981)"], 'Marvin Gaye'),
    ('Amy Winehouse', 'R&B/Soul', ['Back to Black', 'Frank'], 'Amy Winehouse'),
    ('Bob Marley', 'Reggae', ['Legend'], 'Bob Marley'),
    ('Eminem', 'Hip Hop/Rap', ['The Eminem Show'], None),
    ('Daft Punk', 'Electronica/Dance', ['Discovery'], 'Thomas Bangalter, Guy-Manuel de Homem-Christo'),
    ('Hans Zimmer', 'Soundtrack', ['Gladiator', 'Inception (Original Soundtrack)'], 'Hans Zimmer'),
    ('Norah Jones', 'Pop', ['Come Away With Me'], 'Norah Jones'),
    ('Lenny Kravitz', 'Rock', ['Greatest Hits'], 'Lenny Kravitz'),
    ('R.E.M.', 'Alternative', ['Out Of Time', 'New Adventures In Hi-Fi'], 'Bill Berry, Peter Buck, Mike Mills, Michael Stipe'),
    ('The Rolling Stones', 'Rock', ['Hot Rocks, 1964-1971 (Disc 1)', 'No Security'], 'Jagger/Richards'),
    ('Berliner Philharmoniker & Herbert Von Karajan', 'Classical', ['Karajan Conducts Beethoven Symphonies'], 'Ludwig van Beethoven'),
    ('Yo-Yo Ma', 'Classical', ['Bach: The Cello Suites'], 'Johann Sebastian Bach'),
    ('Luciano Pavarotti', 'Opera', ['Pavarotti\'s Opera Made Easy'], 'Giacomo Puccini'),
    ('Frank Sinatra', 'Easy Listening', ['My Way: The Best Of Frank Sinatra [Disc 1]'], None),
    ('Ali Farka Touré', 'World', ['Talking Timbuktu'], 'Ali Farka Touré'),
    ('Lost', 'TV Shows', ['Lost, Season 1', 'Lost, Season 2'], None),
    ('The Office', 'Comedy', ['The Office, Season 1', 'The Office, Season 2'], None),
    ('Battlestar Galactica', 'Sci Fi & Fantasy', ['Battlestar Galactica (Classic), Season 1', 'Battlestar Galactica, Season 3'], None),
    ('Heroes', 'Drama', ['Heroes, Season 1'], None),
    ('Pearl Jam', 'Alternative & Punk', ['Ten', 'Vs.'], 'Eddie Vedder'),
    ('Nirvana', 'Rock', ['Nevermind', 'From The Muddy Banks Of The Wishkah [Live]'], 'Kurt Cobain'),
    ('Various Artists', 'Pop', ['Instant Karma: The Amnesty International Campaign to Save Darfur'], None),
    ('Kenny G', 'Jazz', [], None),            # artists without albums exist in the original
    ('Aaron Goldberg', 'Jazz', [], None),
    ('Os Paralamas Do Sucesso', 'Latin', [], None),
]

REAL_TRACKS = {
    'For Those About To Rock We Salute You': ['For Those About To Rock (We Salute You)', 'Put The Finger On You', "Let's Get It Up", 'Inject The Venom', 'Snowballed', 'Evil Walks', 'C.O.D.', 'Breaking The Rules', 'Night Of The Long Knives', 'Spellbound'],
    'Balls to the Wall': ['Balls to the Wall'],
    'Restless and Wild': ['Fast As a Shark', 'Restless and Wild', 'Princess of the Dawn'],
    'IV': ['Black Dog', 'Rock & Roll', 'The Battle Of Evermore', 'Stairway To Heaven', 'Misty Mountain Hop', 'Four Sticks', 'Going To California', 'When The Levee Breaks'],
    'Master Of Puppets': ['Battery', 'Master Of Puppets', 'The Thing That Should Not Be', 'Welcome Home (Sanitarium)', 'Disposable Heroes', 'Leper Messiah', 'Orion', 'Damage Inc.'],
    'Kind of Blue': ['So What', 'Freddie Freeloader', 'Blue in Green', 'All Blues', 'Flamenco Sketches'],
    'Greatest Hits I': ['Bohemian Rhapsody', 'Another One Bites The Dust', 'Killer Queen', 'Fat Bottomed Girls', 'Bicycle Race', "You're My Best Friend", "Don't Stop Me Now", 'Save Me', 'Crazy Little Thing Called Love', 'Somebody To Love'],
    'Achtung Baby': ['Zoo Station', 'Even Better Than The Real Thing', 'One', 'Until The End Of The World', 'Who\'s Gonna Ride Your Wild Horses', 'So Cruel', 'The Fly', 'Mysterious Ways'],
    'Jagged Little Pill': ['All I Really Want', 'You Oughta Know', 'Perfect', 'Hand In My Pocket', 'Right Through You', 'Forgiven', 'You Learn', 'Head Over Feet', 'Ironic'],
    'Lost, Season 1': ['Pilot', 'Tabula Rasa', 'Walkabout', 'White Rabbit', 'House of the Rising Sun', 'The Moth', 'Confidence Man', 'Solitary'],
    'The Office, Season 1': ['Diversity Day', 'Health Care', 'The Alliance', 'Basketball', 'Hot Girl'],
    'Nevermind': ['Smells Like Teen Spirit', 'In Bloom', 'Come As You Are', 'Breed', 'Lithium', 'Polly', 'Territorial Pissings'],
    'Legend': ['Is This Love', 'No Woman, No Cry', 'Could You Be Loved', 'Three Little Birds', 'Buffalo Soldier', 'Get Up, Stand Up', 'Stir It Up', 'One Love/People Get Ready'],
}

WORDS_A = ['Midnight', 'Electric', 'Broken', 'Golden', 'Silent', 'Burning', 'Lonely', 'Wild', 'Blue', 'Crystal', 'Hollow',
           'Velvet', 'Restless', 'Distant', 'Falling', 'Sweet', 'Dark', 'Neon', 'Summer', 'Winter', 'Iron', 'Paper',
           'Shadow', 'Secret', 'Endless', 'Crimson', 'Rolling', 'Lazy', 'Frozen', 'Brave']
WORDS_B = ['Train', 'Heart', 'River', 'Highway', 'Dream', 'Fire', 'Road', 'Rain', 'Sky', 'Love', 'Night', 'City', 'Ghost',
           'Angel', 'Thunder', 'Stranger', 'Mountain', 'Ocean', 'Garden', 'Machine', 'Storm', 'Mirror', 'Song', 'Queen',
           'Light', 'Wheel', 'Desert', 'Star', 'Moon', 'Shore']

EMPLOYEES = [
    # id, last, first, title, reportsTo, birth, hire, city, state, country, postal, phone, fax, email
    (1, 'Adams', 'Andrew', 'General Manager', None, '1962-02-18', '2018-08-14', 'Edmonton', 'AB', 'Canada', 'T5K 2N1', '+1 (780) 428-9482', '+1 (780) 428-3457', 'andrew@chinookcorp.com'),
    (2, 'Edwards', 'Nancy', 'Sales Manager', 1, '1958-12-08', '2018-05-01', 'Calgary', 'AB', 'Canada', 'T2P 2T3', '+1 (403) 262-3443', '+1 (403) 262-3322', 'nancy@chinookcorp.com'),
    (3, 'Peacock', 'Jane', 'Sales Support Agent', 2, '1973-08-29', '2019-04-01', 'Calgary', 'AB', 'Canada', 'T2P 5M5', '+1 (403) 262-3443', '+1 (403) 262-6712', 'jane@chinookcorp.com'),
    (4, 'Park', 'Margaret', 'Sales Support Agent', 2, '1947-09-19', '2020-05-03', 'Calgary', 'AB', 'Canada', 'T2P 5G3', '+1 (403) 263-4423', '+1 (403) 263-4289', 'margaret@chinookcorp.com'),
    (5, 'Johnson', 'Steve', 'Sales Support Agent', 2, '1965-03-03', '2021-10-17', 'Calgary', 'AB', 'Canada', 'T3B 1Y7', '1 (780) 836-9987', '1 (780) 836-9543', 'steve@chinookcorp.com'),
    (6, 'Mitchell', 'Michael', 'IT Manager', 1, '1973-07-01', '2019-10-17', 'Calgary', 'AB', 'Canada', 'T3B 0C5', '+1 (403) 246-9887', '+1 (403) 246-9899', 'michael@chinookcorp.com'),
    (7, 'King', 'Robert', 'IT Staff', 6, '1970-05-29', '2022-01-02', 'Lethbridge', 'AB', 'Canada', 'T1K 5N8', '+1 (403) 456-9986', '+1 (403) 456-8485', 'robert@chinookcorp.com'),
    (8, 'Callahan', 'Laura', 'IT Staff', 6, '1968-01-09', '2022-03-04', 'Lethbridge', 'AB', 'Canada', 'T1H 1Y8', '+1 (403) 467-3351', '+1 (403) 467-8772', 'laura@chinookcorp.com'),
]

CUSTOMERS = [
    # first, last, company, city, state, country, postal
    ('Luís', 'Gonçalves', 'Embraer - Empresa Brasileira de Aeronáutica S.A.', 'São José dos Campos', 'SP', 'Brazil', '12227-000'),
    ('Leonie', 'Köhler', None, 'Stuttgart', None, 'Germany', '70174'),
    ('François', 'Tremblay', None, 'Montréal', 'QC', 'Canada', 'H2G 1A7'),
    ('Bjørn', 'Hansen', None, 'Oslo', None, 'Norway', '0171'),
    ('František', 'Wichterlová', 'JetBrains s.r.o.', 'Prague', None, 'Czech Republic', '14700'),
    ('Helena', 'Holý', None, 'Prague', None, 'Czech Republic', '14300'),
    ('Astrid', 'Gruber', None, 'Vienne', None, 'Austria', '1010'),
    ('Daan', 'Peeters', None, 'Brussels', None, 'Belgium', '1000'),
    ('Kara', 'Nielsen', None, 'Copenhagen', None, 'Denmark', '1720'),
    ('Eduardo', 'Martins', 'Woodstock Discos', 'São Paulo', 'SP', 'Brazil', '01007-010'),
    ('Alexandre', 'Rocha', 'Banco do Brasil S.A.', 'São Paulo', 'SP', 'Brazil', '01310-200'),
    ('Roberto', 'Almeida', 'Riotur', 'Rio de Janeiro', 'RJ', 'Brazil', '20040-020'),
    ('Fernanda', 'Ramos', None, 'Brasília', 'DF', 'Brazil', '71020-677'),
    ('Mark', 'Philips', 'Telus', 'Edmonton', 'AB', 'Canada', 'T6G 2C7'),
    ('Jennifer', 'Peterson', 'Rogers Canada', 'Vancouver', 'BC', 'Canada', 'V6C 1G8'),
    ('Frank', 'Harris', 'Google Inc.', 'Mountain View', 'CA', 'USA', '94043-1351'),
    ('Jack', 'Smith', 'Microsoft Corporation', 'Redmond', 'WA', 'USA', '98052-8300'),
    ('Michelle', 'Brooks', None, 'New York', 'NY', 'USA', '10012-2612'),
    ('Tim', 'Goyer', 'Apple Inc.', 'Cupertino', 'CA', 'USA', '95014'),
    ('Dan', 'Miller', None, 'Mountain View', 'CA', 'USA', '94040-111'),
    ('Kathy', 'Chase', None, 'Reno', 'NV', 'USA', '89503'),
    ('Heather', 'Leacock', None, 'Orlando', 'FL', 'USA', '32801'),
    ('John', 'Gordon', None, 'Boston', 'MA', 'USA', '2113'),
    ('Frank', 'Ralston', None, 'Chicago', 'IL', 'USA', '60611'),
    ('Victor', 'Stevens', None, 'Madison', 'WI', 'USA', '53703'),
    ('Richard', 'Cunningham', None, 'Fort Worth', 'TX', 'USA', '76110'),
    ('Patrick', 'Gray', None, 'Tucson', 'AZ', 'USA', '85719'),
    ('Julia', 'Barnett', None, 'Salt Lake City', 'UT', 'USA', '84102'),
    ('Robert', 'Brown', None, 'Toronto', 'ON', 'Canada', 'M6J 1V1'),
    ('Edward', 'Francis', None, 'Ottawa', 'ON', 'Canada', 'K2P 1L7'),
    ('Martha', 'Silk', None, 'Halifax', 'NS', 'Canada', 'B3S 1C5'),
    ('Aaron', 'Mitchell', None, 'Winnipeg', 'MB', 'Canada', 'R3L 2B9'),
    ('Ellie', 'Sullivan', None, 'Yellowknife', 'NT', 'Canada', 'X1A 1N6'),
    ('João', 'Fernandes', None, 'Lisbon', None, 'Portugal', None),
    ('Madalena', 'Sampaio', None, 'Porto', None, 'Portugal', None),
    ('Hannah', 'Schneider', None, 'Berlin', None, 'Germany', '10779'),
    ('Fynn', 'Zimmermann', None, 'Frankfurt', None, 'Germany', '60316'),
    ('Niklas', 'Schröder', None, 'Berlin', None, 'Germany', '10789'),
    ('Camille', 'Bernard', None, 'Paris', None, 'France', '75009'),
    ('Dominique', 'Lefebvre', None, 'Paris', None, 'France', '75002'),
    ('Marc', 'Dubois', None, 'Lyon', None, 'France', '69002'),
    ('Wyatt', 'Girard', None, 'Bordeaux', None, 'France', '33000'),
    ('Isabelle', 'Mercier', None, 'Dijon', None, 'France', '21000'),
    ('Terhi', 'Hämäläinen', None, 'Helsinki', None, 'Finland', '00530'),
    ('Ladislav', 'Kovács', None, 'Budapest', None, 'Hungary', 'H-1073'),
    ("Hugh", "O'Reilly", None, 'Dublin', 'Dublin', 'Ireland', None),
    ('Lucas', 'Mancini', None, 'Rome', 'RM', 'Italy', '00192'),
    ('Johannes', 'Van der Berg', None, 'Amsterdam', 'VV', 'Netherlands', '1016'),
    ('Stanisław', 'Wójcik', None, 'Warsaw', None, 'Poland', '00-358'),
    ('Enrique', 'Muñoz', None, 'Madrid', None, 'Spain', '28015'),
    ('Joakim', 'Johansson', None, 'Stockholm', None, 'Sweden', '11230'),
    ('Emma', 'Jones', None, 'London', None, 'United Kingdom', 'N1 5LH'),
    ('Phil', 'Hughes', None, 'London', None, 'United Kingdom', 'SW1V 3EN'),
    ('Steve', 'Murray', None, 'Edinburgh ', None, 'United Kingdom', 'EH4 1HH'),
    ('Mark', 'Taylor', None, 'Sidney', 'NSW', 'Australia', '2010'),
    ('Diego', 'Gutiérrez', None, 'Buenos Aires', None, 'Argentina', '1106'),
    ('Luis', 'Rojas', None, 'Santiago', None, 'Chile', None),
    ('Manoj', 'Pareek', None, 'Delhi', None, 'India', '110017'),
    ('Puja', 'Srivastava', None, 'Bangalore', None, 'India', '560001'),
]

STREETS = ['Main Street', 'Rue de Rivoli', 'Avenida Paulista', 'Baker Street', 'Queen Street West', 'Elm Avenue',
           'Broadway', 'Calle Mayor', 'Ringstraße', 'Via del Corso', 'Sunset Blvd', 'King Street']


def build_chinook():
    rnd = random.Random(1616)
    con = fresh('chinook')
    con.executescript(CHINOOK_DDL)
    con.executemany('INSERT INTO Genre VALUES (?,?)', list(enumerate(GENRES, 1)))
    con.executemany('INSERT INTO MediaType VALUES (?,?)', list(enumerate(MEDIA, 1)))
    gid = {g: i for i, g in enumerate(GENRES, 1)}
    album_id = 0
    track_id = 0
    tracks = []
    used_ms = set()
    for aid, (artist, genre, albums, composer) in enumerate(ARTISTS, 1):
        con.execute('INSERT INTO Artist VALUES (?,?)', (aid, artist))
        for title in albums:
            album_id += 1
            con.execute('INSERT INTO Album VALUES (?,?,?)', (album_id, title, aid))
            video = genre in ('TV Shows', 'Comedy', 'Sci Fi & Fantasy', 'Drama')
            names = list(REAL_TRACKS.get(title, []))
            n = len(names) if names else rnd.randint(6, 14)
            while len(names) < n:
                nm = f'{rnd.choice(WORDS_A)} {rnd.choice(WORDS_B)}'
                if rnd.random() < 0.15:
                    nm += ' (Live)'
                if nm not in names:
                    names.append(nm)
            for nm in names:
                track_id += 1
                if video:
                    ms = rnd.randint(1_250_000, 2_950_000)
                    media = 3
                    price = 1.99
                elif genre in ('Classical', 'Opera'):
                    ms = rnd.randint(120_000, 720_000)
                    media = rnd.choice([2, 2, 4])
                    price = 0.99
                else:
                    ms = int(rnd.gauss(255_000, 70_000))
                    ms = max(95_000, min(ms, 640_000))
                    if rnd.random() < 0.05:
                        ms = rnd.randint(600_000, 1_150_000)  # a long live jam
                    media = rnd.choice([1, 1, 1, 1, 2, 4, 5]) if aid % 4 else 2
                    price = 0.99
                while ms in used_ms:
                    ms += 1
                used_ms.add(ms)
                if media == 3:
                    byts = int(ms * rnd.uniform(190, 215))
                elif media == 1:
                    byts = int(ms * rnd.uniform(31.5, 33.5))
                else:
                    byts = int(ms * rnd.uniform(16.5, 18.5))
                comp = composer if (composer and rnd.random() < 0.85) else None
                g = gid[genre]
                if genre == 'Rock' and rnd.random() < 0.1:
                    g = gid['Rock And Roll']
                if genre == 'Metal' and rnd.random() < 0.15:
                    g = gid['Heavy Metal']
                if artist == 'Lost' and title.endswith('2'):
                    g = gid['Drama']
                tracks.append((track_id, nm, album_id, media, g, comp, ms, byts, price))
    con.executemany('INSERT INTO Track VALUES (?,?,?,?,?,?,?,?,?)', tracks)

    con.executemany('INSERT INTO Employee VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)', [
        (e[0], e[1], e[2], e[3], e[4], e[5] + ' 00:00:00', e[6] + ' 00:00:00',
         f'{rnd.randint(10, 999)} {rnd.choice(STREETS)}', e[7], e[8], e[9], e[10], e[11], e[12], e[13])
        for e in EMPLOYEES])

    custs = []
    for cid, (fn, ln, comp, city, state, country, postal) in enumerate(CUSTOMERS, 1):
        rep = [3, 4, 5][(cid * 7 + rnd.randint(0, 2)) % 3]
        dom = rnd.choice(['gmail.com', 'yahoo.com', 'hotmail.com', 'apple.com', 'live.com', 'mail.com'])
        import unicodedata
        ascii_fn = unicodedata.normalize('NFKD', fn).encode('ascii', 'ignore').decode().lower()
        ascii_ln = unicodedata.normalize('NFKD', ln).encode('ascii', 'ignore').decode().lower().replace(' ', '').replace("'", '')
        email = f'{ascii_fn}.{ascii_ln}@{dom}' if rnd.random() < 0.6 else f'{ascii_fn[0]}{ascii_ln}@{dom}'
        phone = f'+{rnd.randint(1, 99)} {rnd.randint(100, 999)} {rnd.randint(1000000, 9999999)}'
        fax = phone[:-4] + str(rnd.randint(1000, 9999)) if comp else None
        custs.append((cid, fn, ln, comp, f'{rnd.randint(1, 999)} {rnd.choice(STREETS)}', city, state, country, postal,
                      phone, fax, email, rep))
    con.executemany('INSERT INTO Customer VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)', custs)

    # invoices: 2023-01-01 .. 2026-11-26, about 420, uneven by customer
    start = dt.date(2023, 1, 1)
    span = (dt.date(2026, 11, 26) - start).days
    weights = [rnd.uniform(0.3, 2.2) for _ in custs]
    # a few customers stop buying before 2026
    lapsed = set(rnd.sample(range(1, len(custs) + 1), 9))
    inv = []
    lines = []
    line_id = 0
    popular = [t for t in tracks if rnd.random() < 0.55]  # some tracks are never sold
    for iid in range(1, 431):
        while True:
            c = rnd.choices(custs, weights=weights)[0]
            d = start + dt.timedelta(days=rnd.randint(0, span))
            if c[0] in lapsed and d.year == 2026:
                continue
            break
        n = rnd.choice([1, 1, 2, 2, 2, 3, 4, 4, 5, 6, 6, 9, 9, 14])
        picked = rnd.sample(popular, n)
        total = 0.0
        for t in picked:
            line_id += 1
            q = 1
            lines.append((line_id, iid, t[0], t[8], q))
            total += t[8] * q
        inv.append([iid, c[0], d, c[4], c[5], c[6], c[7], c[8], round(total, 2)])
    inv.sort(key=lambda r: (r[2], r[0]))
    # renumber invoices in date order like the original
    remap = {}
    for new, r in enumerate(inv, 1):
        remap[r[0]] = new
        r[0] = new
        r[2] = r[2].isoformat() + ' 00:00:00'
    lines = [(lid, remap[i], t, p, q) for lid, i, t, p, q in lines]
    lines.sort(key=lambda r: (r[1], r[0]))
    lines = [(k, *r[1:]) for k, r in enumerate(lines, 1)]
    con.executemany('INSERT INTO Invoice VALUES (?,?,?,?,?,?,?,?,?)', inv)
    con.executemany('INSERT INTO InvoiceLine VALUES (?,?,?,?,?)', lines)

    playlists = ['Music', 'Movies', 'TV Shows', 'Audiobooks', "90’s Music", 'Audiobooks', 'Movies', 'Music',
                 'Music Videos', 'TV Shows', 'Brazilian Music', 'Classical', 'Classical 101 - Deep Cuts',
                 'Classical 101 - Next Steps', 'Classical 101 - The Basics', 'Grunge', 'Heavy Metal Classic',
                 'On-The-Go 1']
    con.executemany('INSERT INTO Playlist VALUES (?,?)', list(enumerate(playlists, 1)))
    pt = set()
    audio = [t for t in tracks if t[3] != 3]
    video = [t for t in tracks if t[3] == 3]
    for t in audio:
        if rnd.random() < 0.8:
            pt.add((1, t[0]))
        if rnd.random() < 0.5:
            pt.add((8, t[0]))
    for t in video:
        pt.add((3, t[0]))
        pt.add((10, t[0]))
    for t in rnd.sample(audio, 40):
        pt.add((5, t[0]))
    for t in rnd.sample(audio, 12):
        pt.add((9, t[0]))
    for t in tracks:
        g = GENRES[t[4] - 1]
        if g in ('Latin', 'Bossa Nova'):
            pt.add((11, t[0]))
        if g in ('Classical', 'Opera'):
            pt.add((12, t[0]))
            if rnd.random() < 0.4:
                pt.add((13 + rnd.randint(0, 2), t[0]))
        if g in ('Metal', 'Heavy Metal') and rnd.random() < 0.6:
            pt.add((17, t[0]))
    nirvana_pj = [t for t in tracks if t[2] in {a for a, in con.execute(
        "SELECT AlbumId FROM Album JOIN Artist USING (ArtistId) WHERE Artist.Name IN ('Nirvana','Pearl Jam','Alice In Chains')")}]
    for t in nirvana_pj[:15]:
        pt.add((16, t[0]))
    pt.add((18, audio[5][0]))
    con.executemany('INSERT INTO PlaylistTrack VALUES (?,?)', sorted(pt))
    con.commit()
    con.close()


# ---------------------------------------------------------------- clinic
CLINIC_DDL = """
CREATE TABLE specialties (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE
);
CREATE TABLE doctors (
    id                INTEGER PRIMARY KEY,
    first_name        TEXT NOT NULL,
    last_name         TEXT NOT NULL,
    specialty_id      INTEGER NOT NULL REFERENCES specialties(id),
    supervisor_id     INTEGER REFERENCES doctors(id),
    email             TEXT NOT NULL UNIQUE,
    phone             TEXT,
    license_number    TEXT NOT NULL,
    consultation_fee  NUMERIC(8,2) NOT NULL,
    hired_on          DATE NOT NULL,
    is_active         INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE patients (
    id                  INTEGER PRIMARY KEY,
    first_name          TEXT NOT NULL,
    last_name           TEXT NOT NULL,
    date_of_birth       DATE NOT NULL,
    sex                 TEXT CHECK (sex IN ('F','M','X')),
    phone               TEXT,
    email               TEXT,
    address             TEXT,
    city                TEXT,
    insurance_provider  TEXT,
    insurance_number    TEXT,
    registered_at       DATETIME NOT NULL
);
CREATE TABLE appointments (
    id              INTEGER PRIMARY KEY,
    patient_id      INTEGER NOT NULL REFERENCES patients(id),
    doctor_id       INTEGER NOT NULL REFERENCES doctors(id),
    scheduled_at    DATETIME NOT NULL,
    duration_min    INTEGER NOT NULL DEFAULT 30,
    status          TEXT NOT NULL DEFAULT 'scheduled'
                    CHECK (status IN ('scheduled','completed','cancelled','no-show')),
    reason          TEXT,
    notes           TEXT,
    created_at      DATETIME NOT NULL
);
CREATE INDEX idx_appointments_doctor ON appointments(doctor_id, scheduled_at);
CREATE INDEX idx_appointments_patient ON appointments(patient_id);
CREATE TABLE medications (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    form        TEXT NOT NULL,
    strength    TEXT,
    unit_price  NUMERIC(8,2) NOT NULL
);
CREATE TABLE prescriptions (
    id              INTEGER PRIMARY KEY,
    appointment_id  INTEGER NOT NULL REFERENCES appointments(id),
    medication_id   INTEGER NOT NULL REFERENCES medications(id),
    dosage          TEXT NOT NULL,
    quantity        INTEGER NOT NULL,
    refills         INTEGER NOT NULL DEFAULT 0,
    prescribed_on   DATE NOT NULL
);
CREATE TABLE invoices (
    id              INTEGER PRIMARY KEY,
    appointment_id  INTEGER REFERENCES appointments(id),
    patient_id      INTEGER NOT NULL REFERENCES patients(id),
    issued_on       DATE NOT NULL,
    due_on          DATE NOT NULL,
    amount          NUMERIC(10,2) NOT NULL,
    status          TEXT NOT NULL DEFAULT 'unpaid' CHECK (status IN ('unpaid','paid','void'))
);
CREATE TABLE payments (
    id          INTEGER PRIMARY KEY,
    invoice_id  INTEGER NOT NULL REFERENCES invoices(id),
    paid_on     DATE NOT NULL,
    amount      NUMERIC(10,2) NOT NULL,
    method      TEXT NOT NULL CHECK (method IN ('card','cash','insurance','bank_transfer'))
);
CREATE VIEW upcoming_appointments AS
    SELECT a.id, a.scheduled_at, a.duration_min, a.reason,
           p.first_name || ' ' || p.last_name AS patient_name,
           d.first_name || ' ' || d.last_name AS doctor_name
    FROM appointments a
    JOIN patients p ON p.id = a.patient_id
    JOIN doctors d ON d.id = a.doctor_id
    WHERE a.status = 'scheduled';
CREATE VIEW outstanding_invoices AS
    SELECT i.id, i.patient_id, i.issued_on, i.due_on, i.amount,
           i.amount - COALESCE((SELECT SUM(pm.amount) FROM payments pm WHERE pm.invoice_id = i.id), 0) AS balance
    FROM invoices i
    WHERE i.status = 'unpaid';
"""

SPECIALTIES = ['General Practice', 'Pediatrics', 'Cardiology', 'Dermatology', 'Orthopedics', 'Gynecology',
               'Physiotherapy']
DOCTORS = [
    # first, last, specialty, supervisor, fee, hired, active
    ('Sarah', 'Whitfield', 'General Practice', None, 95, '2015-03-02', 1),
    ('Rajesh', 'Patel', 'Cardiology', 1, 180, '2017-09-11', 1),
    ('Emily', 'Chen', 'Pediatrics', 1, 110, '2018-01-15', 1),
    ('Marcus', 'Oyelaran', 'General Practice', 1, 90, '2019-06-03', 1),
    ('Laura', 'Brennan', 'Dermatology', 2, 150, '2020-02-17', 1),
    ('Tomás', 'Herrera', 'Orthopedics', 2, 170, '2020-08-24', 1),
    ('Hannah', 'Kowalski', 'Gynecology', 1, 140, '2021-04-12', 1),
    ('David', 'Nguyen', 'General Practice', 4, 85, '2022-01-10', 1),
    ('Olivia', 'Grant', 'Pediatrics', 3, 105, '2022-09-05', 0),
    ('Samuel', 'Adeyemi', 'Physiotherapy', 6, 75, '2023-03-20', 1),
    ('Grace', 'Lindqvist', 'Physiotherapy', 6, 75, '2024-05-06', 1),
    ('Peter', 'Morrow', 'Cardiology', 2, 175, '2019-11-18', 0),
]
FIRST = ['James', 'Mary', 'John', 'Linda', 'Michael', 'Barbara', 'William', 'Elizabeth', 'Robert', 'Jennifer',
         'Daniel', 'Maria', 'Joseph', 'Susan', 'Thomas', 'Margaret', 'Charles', 'Dorothy', 'Christopher', 'Lisa',
         'Matthew', 'Nancy', 'Anthony', 'Karen', 'Mark', 'Betty', 'Paul', 'Helen', 'Steven', 'Sandra', 'Andrew',
         'Donna', 'Kevin', 'Carol', 'Brian', 'Ruth', 'George', 'Sharon', 'Edward', 'Michelle', 'Aisha', 'Diego',
         'Yuki', 'Fatima', 'Liam', 'Noah', 'Sofia', 'Chloe', 'Ethan', 'Zoe', 'Mateo', 'Priya', 'Omar', 'Ines']
LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
        'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
        'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker',
        'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson',
        'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', "O'Connor", 'Murphy', 'Kim', 'Okafor', 'Silva']
CITIES = ['Springfield', 'Springfield', 'Springfield', 'Riverside', 'Riverside', 'Fairview', 'Fairview',
          'Greenville', 'Oak Ridge', 'Lakeside']
INSURERS = ['BlueCross', 'BlueCross', 'Aetna', 'Aetna', 'UnitedHealthcare', 'Cigna', 'Medicare', 'Medicare']
REASONS = {
    'General Practice': ['Annual physical', 'Flu symptoms', 'Follow-up', 'Blood pressure check', 'Sore throat', 'Back pain'],
    'Pediatrics': ['Well-child visit', 'Vaccination', 'Ear infection', 'Fever', 'Follow-up'],
    'Cardiology': ['Chest pain', 'ECG review', 'Hypertension follow-up', 'Palpitations'],
    'Dermatology': ['Rash', 'Mole check', 'Acne treatment', 'Eczema'],
    'Orthopedics': ['Knee pain', 'Fracture follow-up', 'Shoulder pain', 'Sports injury'],
    'Gynecology': ['Annual exam', 'Prenatal visit', 'Consultation'],
    'Physiotherapy': ['Rehab session', 'Lower back rehab', 'Post-surgery rehab', 'Mobility assessment'],
}
MEDS = [
    ('Amoxicillin', 'capsule', '500 mg', 0.45), ('Ibuprofen', 'tablet', '400 mg', 0.12),
    ('Lisinopril', 'tablet', '10 mg', 0.30), ('Atorvastatin', 'tablet', '20 mg', 0.55),
    ('Metformin', 'tablet', '850 mg', 0.20), ('Omeprazole', 'capsule', '20 mg', 0.35),
    ('Amlodipine', 'tablet', '5 mg', 0.25), ('Cetirizine', 'tablet', '10 mg', 0.15),
    ('Hydrocortisone cream', 'cream', '1%', 6.50), ('Tretinoin cream', 'cream', '0.05%', 48.00),
    ('Salbutamol inhaler', 'inhaler', '100 mcg', 24.90), ('Fluticasone nasal spray', 'spray', '50 mcg', 18.75),
    ('Prednisone', 'tablet', '5 mg', 0.40), ('Azithromycin', 'tablet', '250 mg', 1.80),
    ('Paracetamol', 'tablet', '500 mg', 0.08), ('Paracetamol syrup', 'syrup', '120 mg/5 ml', 7.20),
    ('Clopidogrel', 'tablet', '75 mg', 0.90), ('Warfarin', 'tablet', '5 mg', 0.60),
    ('Naproxen', 'tablet', '500 mg', 0.28), ('Diclofenac gel', 'gel', '1%', 12.40),
    ('Folic acid', 'tablet', '400 mcg', 0.05), ('Ferrous sulfate', 'tablet', '325 mg', 0.07),
    ('Doxycycline', 'capsule', '100 mg', 1.10), ('Insulin glargine', 'injection', '100 units/ml', 92.00),
    ('Adalimumab', 'injection', '40 mg', 2450.00), ('Levothyroxine', 'tablet', '50 mcg', 0.22),
]
SPEC_MEDS = {
    'General Practice': ['Amoxicillin', 'Ibuprofen', 'Omeprazole', 'Cetirizine', 'Azithromycin', 'Paracetamol', 'Metformin', 'Levothyroxine', 'Prednisone'],
    'Pediatrics': ['Amoxicillin', 'Paracetamol syrup', 'Cetirizine', 'Salbutamol inhaler', 'Fluticasone nasal spray'],
    'Cardiology': ['Lisinopril', 'Atorvastatin', 'Amlodipine', 'Clopidogrel', 'Warfarin'],
    'Dermatology': ['Hydrocortisone cream', 'Tretinoin cream', 'Doxycycline', 'Adalimumab'],
    'Orthopedics': ['Ibuprofen', 'Naproxen', 'Diclofenac gel', 'Paracetamol'],
    'Gynecology': ['Folic acid', 'Ferrous sulfate', 'Doxycycline'],
    'Physiotherapy': ['Diclofenac gel', 'Ibuprofen'],
}


def build_clinic():
    rnd = random.Random(2016)
    con = fresh('clinic')
    con.executescript(CLINIC_DDL)
    con.executemany('INSERT INTO specialties VALUES (?,?)', list(enumerate(SPECIALTIES, 1)))
    sid = {s: i for i, s in enumerate(SPECIALTIES, 1)}
    docs = []
    for i, (fn, ln, sp, sup, fee, hired, active) in enumerate(DOCTORS, 1):
        import unicodedata
        a = unicodedata.normalize('NFKD', fn).encode('ascii', 'ignore').decode().lower()
        docs.append((i, fn, ln, sid[sp], sup, f'{a[0]}.{ln.lower()}@maplecare-clinic.com',
                     None if i in (9, 12) else f'555-01{i:02d}', f'MD-{rnd.randint(100000, 999999)}', fee, hired, active))
    con.executemany('INSERT INTO doctors VALUES (?,?,?,?,?,?,?,?,?,?,?)', docs)

    pats = []
    for pid in range(1, 261):
        fn, ln = rnd.choice(FIRST), rnd.choice(LAST)
        age = rnd.choice([rnd.randint(0, 17), rnd.randint(18, 64), rnd.randint(18, 64), rnd.randint(65, 92)])
        dob = dt.date(2026 - age, 1, 1) + dt.timedelta(days=rnd.randint(0, 364))
        if dob > TODAY:
            dob = dob.replace(year=dob.year - 1)
        sex = rnd.choice(['F', 'M', 'F', 'M', 'F', 'M', 'X']) if rnd.random() > 0.03 else None
        email = f'{fn.lower()}.{ln.lower().replace(chr(39), "")}{rnd.randint(1, 99)}@example.com' if rnd.random() < 0.8 else None
        phone = f'555-{rnd.randint(1000, 9999)}' if rnd.random() < 0.93 else None
        city = rnd.choice(CITIES)
        ins = rnd.choice(INSURERS) if rnd.random() < 0.82 else None
        if ins == 'Medicare' and age < 65:
            ins = rnd.choice(['BlueCross', 'Aetna', 'Cigna'])
        insno = f'{ins[:3].upper()}-{rnd.randint(10000000, 99999999)}' if ins else None
        reg = dt.datetime(2023, 1, 3, 9) + dt.timedelta(days=rnd.randint(0, (dt.date(2026, 11, 25) - dt.date(2023, 1, 3)).days),
                                                         minutes=rnd.randint(0, 540))
        pats.append([pid, fn, ln, dob.isoformat(), sex, phone, email, f'{rnd.randint(1, 400)} {rnd.choice(["Oak", "Maple", "Pine", "Cedar", "Elm"])} {rnd.choice(["St", "Ave", "Rd", "Ln"])}',
                     city, ins, insno, reg])
    pats.sort(key=lambda p: p[11])
    for i, p in enumerate(pats, 1):
        p[0] = i
    # about 22 patients registered but never booked
    never = set(rnd.sample(range(1, 261), 22))

    appts = []
    spec_of = {d[0]: SPECIALTIES[d[3] - 1] for d in docs}
    doc_weight = {1: 1.3, 2: 1.0, 3: 1.2, 4: 1.3, 5: 0.9, 6: 0.9, 7: 0.8, 8: 1.2, 9: 0.5, 10: 1.0, 11: 0.7, 12: 0.4}
    noshow_bias = {4: 0.14, 8: 0.13, 10: 0.04, 3: 0.06}
    chronic_noshow = set(rnd.sample([p[0] for p in pats if p[0] not in never], 6))
    end_sched = dt.date(2027, 1, 29)
    aid = 0
    for p in pats:
        if p[0] in never:
            continue
        reg = p[11].date()
        k = max(1, min(10, round(rnd.uniform(0.6, 1.8) * (1 + (end_sched - reg).days / 300))))
        if p[0] in chronic_noshow:
            k = max(k, rnd.randint(5, 8))
        for _ in range(k):
            d = reg + dt.timedelta(days=rnd.randint(0, max(1, (end_sched - reg).days)))
            if d.weekday() == 6:
                d += dt.timedelta(days=1)
            docid = rnd.choices(list(doc_weight), weights=list(doc_weight.values()))[0]
            # inactive doctors stopped seeing patients
            if docs[docid - 1][10] == 0 and d >= dt.date(2025, 6, 30):
                docid = rnd.choice([1, 4, 8]) if docid == 9 else 2
            if docid == 11 and d < dt.date(2024, 5, 6):
                docid = 10
            if docid == 10 and d < dt.date(2023, 3, 20):
                docid = 4
            hour = rnd.choice([8, 9, 9, 10, 10, 11, 11, 13, 14, 14, 15, 16, 17])
            minute = rnd.choice([0, 15, 30, 45])
            when = dt.datetime(d.year, d.month, d.day, hour, minute)
            spec = spec_of[docid]
            dur = {'Physiotherapy': 45, 'Cardiology': 40, 'Orthopedics': 30}.get(spec, rnd.choice([15, 20, 30]))
            if rnd.random() < 0.1:
                dur = 60
            if when.date() >= TODAY:
                status = 'scheduled' if rnd.random() > 0.07 else 'cancelled'
            else:
                r = rnd.random()
                ns = 0.45 if p[0] in chronic_noshow else noshow_bias.get(docid, 0.07)
                status = 'no-show' if r < ns else ('cancelled' if r < ns + 0.11 else 'completed')
            created = when - dt.timedelta(days=rnd.randint(1, 40), hours=rnd.randint(0, 8))
            if created < p[11]:
                created = p[11]
            reason = rnd.choice(REASONS[spec]) if rnd.random() < 0.88 else None
            notes = None
            if status == 'completed' and rnd.random() < 0.3:
                notes = rnd.choice(['Patient improving', 'Refer to specialist', 'Labs ordered', 'Review in 3 months', 'No concerns'])
            appts.append([0, p[0], docid, when, dur, status, reason, notes, created])
    appts.sort(key=lambda a: (a[8], a[3]))
    for i, a in enumerate(appts, 1):
        a[0] = i
    con.executemany('INSERT INTO patients VALUES (?,?,?,?,?,?,?,?,?,?,?,?)',
                    [p[:11] + [p[11].strftime('%Y-%m-%d %H:%M:%S')] for p in pats])
    con.executemany('INSERT INTO appointments VALUES (?,?,?,?,?,?,?,?,?)',
                    [a[:3] + [a[3].strftime('%Y-%m-%d %H:%M:%S')] + a[4:8] + [a[8].strftime('%Y-%m-%d %H:%M:%S')] for a in appts])

    con.executemany('INSERT INTO medications VALUES (?,?,?,?,?)', [(i, *m) for i, m in enumerate(MEDS, 1)])
    med_id = {m[0]: i for i, m in enumerate(MEDS, 1)}
    rx = []
    invs = []
    pays = []
    fee = {d[0]: d[8] for d in docs}
    for a in sorted(appts, key=lambda a: a[3]):
        if a[5] != 'completed':
            if a[5] == 'no-show' and rnd.random() < 0.3:   # no-show fee
                d = a[3].date()
                invs.append([0, a[0], a[1], d.isoformat(), (d + dt.timedelta(days=30)).isoformat(), 25.0, 'unpaid', a])
            continue
        spec = spec_of[a[2]]
        if rnd.random() < 0.55:
            for m in rnd.sample(SPEC_MEDS[spec], rnd.choice([1, 1, 1, 2])):
                qty = 1 if MEDS[med_id[m] - 1][1] in ('cream', 'inhaler', 'spray', 'gel', 'syrup', 'injection') else rnd.choice([10, 14, 20, 28, 30, 60, 90])
                rx.append((0, a[0], med_id[m], rnd.choice(['1 tablet twice daily', 'once daily', 'every 8 hours as needed', 'apply twice daily', 'as directed']), qty,
                           rnd.choice([0, 0, 0, 1, 2, 3]), a[3].date().isoformat()))
        d = a[3].date()
        amount = float(fee[a[2]])
        if a[4] == 60:
            amount *= 1.5
        if rnd.random() < 0.2:
            amount += rnd.choice([35.0, 60.0, 120.0])   # labs / procedure
        invs.append([0, a[0], a[1], d.isoformat(), (d + dt.timedelta(days=30)).isoformat(), round(amount, 2), 'paid', a])
    rx.sort(key=lambda r: r[6])
    rx = [(i, *r[1:]) for i, r in enumerate(rx, 1)]
    invs.sort(key=lambda r: (r[3], r[1]))
    for i, inv in enumerate(invs, 1):
        inv[0] = i
        issued = dt.date.fromisoformat(inv[3])
        age = (TODAY - issued).days
        a = inv[7]
        if rnd.random() < 0.03:
            inv[6] = 'void'
            continue
        p_unpaid = 0.65 if age < 30 else (0.2 if age < 120 else 0.05)
        if inv[5] == 25.0:
            p_unpaid = 0.6
        if rnd.random() < p_unpaid:
            inv[6] = 'unpaid'
            if rnd.random() < 0.25 and inv[5] > 50:   # partial payment
                pays.append([0, i, (issued + dt.timedelta(days=rnd.randint(0, 10))).isoformat(), round(inv[5] * 0.5, 2), 'card'])
            continue
        inv[6] = 'paid'
        pat = pats[a[1] - 1]
        paid = issued + dt.timedelta(days=rnd.choice([0, 0, 0, 1, 3, 7, 14, 21, 28]))
        if paid > dt.date(2026, 11, 26):
            paid = dt.date(2026, 11, 26)
        if pat[9] and rnd.random() < 0.6:
            ins_part = round(inv[5] * 0.8, 2)
            pays.append([0, i, (paid + dt.timedelta(days=rnd.randint(5, 20))).isoformat() if paid + dt.timedelta(days=20) <= dt.date(2026, 11, 26) else paid.isoformat(), ins_part, 'insurance'])
            pays.append([0, i, paid.isoformat(), round(inv[5] - ins_part, 2), rnd.choice(['card', 'card', 'cash'])])
        else:
            pays.append([0, i, paid.isoformat(), inv[5], rnd.choice(['card', 'card', 'card', 'cash', 'bank_transfer'])])
    pays.sort(key=lambda r: (r[2], r[1]))
    for i, p in enumerate(pays, 1):
        p[0] = i
    con.executemany('INSERT INTO prescriptions VALUES (?,?,?,?,?,?,?)', rx)
    con.executemany('INSERT INTO invoices VALUES (?,?,?,?,?,?,?)', [inv[:7] for inv in invs])
    con.executemany('INSERT INTO payments VALUES (?,?,?,?,?)', pays)
    con.commit()
    con.close()


if __name__ == '__main__':
    build_chinook()
    build_clinic()
    for n in ('chinook', 'clinic'):
        con = sqlite3.connect(os.path.join(ROOT, 'dbs', n, n + '.sqlite'))
        tabs = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type IN ('table','view') ORDER BY name")]
        print(n, ', '.join(f'{t}={con.execute(f"SELECT COUNT(*) FROM [{t}]").fetchone()[0]}' for t in tabs))
