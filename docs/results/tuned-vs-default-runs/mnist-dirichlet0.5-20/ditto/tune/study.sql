BEGIN TRANSACTION;
CREATE TABLE alembic_version (
	version_num VARCHAR(32) NOT NULL, 
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
);
INSERT INTO "alembic_version" VALUES('v3.2.0.a');
CREATE TABLE studies (
	study_id INTEGER NOT NULL, 
	study_name VARCHAR(512) NOT NULL, 
	PRIMARY KEY (study_id)
);
INSERT INTO "studies" VALUES(1,'ditto');
CREATE TABLE study_directions (
	study_direction_id INTEGER NOT NULL, 
	direction VARCHAR(8) NOT NULL, 
	study_id INTEGER NOT NULL, 
	objective INTEGER NOT NULL, 
	PRIMARY KEY (study_direction_id), 
	UNIQUE (study_id, objective), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
INSERT INTO "study_directions" VALUES(1,'MAXIMIZE',1,0);
CREATE TABLE study_system_attributes (
	study_system_attribute_id INTEGER NOT NULL, 
	study_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (study_system_attribute_id), 
	UNIQUE (study_id, "key"), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
CREATE TABLE study_user_attributes (
	study_user_attribute_id INTEGER NOT NULL, 
	study_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (study_user_attribute_id), 
	UNIQUE (study_id, "key"), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
CREATE TABLE trial_heartbeats (
	trial_heartbeat_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	heartbeat DATETIME NOT NULL, 
	PRIMARY KEY (trial_heartbeat_id), 
	UNIQUE (trial_id), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
CREATE TABLE trial_intermediate_values (
	trial_intermediate_value_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	step INTEGER NOT NULL, 
	intermediate_value FLOAT, 
	intermediate_value_type VARCHAR(7) NOT NULL, 
	PRIMARY KEY (trial_intermediate_value_id), 
	UNIQUE (trial_id, step), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_intermediate_values" VALUES(1,1,1,4.30000000000000048849e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(2,1,2,0.457,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(3,1,3,0.529,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(4,1,4,5.61999999999999944044e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(5,1,5,6.06000000000000094146e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(6,1,6,0.67,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(7,1,7,0.689,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(8,1,8,0.749,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(9,1,9,0.779,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(10,1,10,0.792,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(11,1,11,8.15000000000000057731e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(12,1,12,0.82,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(13,1,13,0.842,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(14,1,14,0.852,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(15,1,15,8.62000000000000099475e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(16,1,16,8.46999999999999864108e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(17,1,17,0.868,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(18,1,18,8.72000000000000108357e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(19,1,19,0.865,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(20,1,20,0.877,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(21,2,1,3.69000000000000050182e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(22,3,1,0.659,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(23,3,2,7.67999999999999904964e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(24,3,3,8.53000000000000091482e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(25,3,4,0.858,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(26,3,5,8.77999999999999891642e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(27,3,6,0.885,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(28,3,7,0.915,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(29,3,8,0.908,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(30,3,9,9.27000000000000157207e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(31,3,10,9.38000000000000055955e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(32,3,11,0.943,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(33,3,12,0.943,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(34,3,13,9.45000000000000284217e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(35,3,14,0.952,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(36,3,15,9.49000000000000065725e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(37,3,16,9.4600000000000006306e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(38,3,17,9.48000000000000175859e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(39,3,18,9.49000000000000065725e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(40,3,19,9.48000000000000064837e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(41,3,20,9.48000000000000064837e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(42,4,1,0.308,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(43,7,1,4.2400000000000004352e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(44,7,2,5.05000000000000115463e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(45,8,1,4.40000000000000057731e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(46,8,2,0.465,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(47,9,1,0.394,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(48,9,2,0.433,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(49,10,1,4.39000000000000056843e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(50,11,1,4.30000000000000048849e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(51,11,2,0.507,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(52,12,1,4.05999999999999972022e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(53,12,2,3.80999999999999949817e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(54,12,3,4.78999999999999925837e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(55,12,4,4.46999999999999952926e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(56,12,5,6.35999999999999898747e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(57,12,6,7.10000000000000075495e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(58,12,7,7.78000000000000135891e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(59,12,8,0.766,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(60,12,9,8.29000000000000070166e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(61,12,10,0.738,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(62,12,11,8.86999999999999899635e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(63,12,12,8.56000000000000094146e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(64,12,13,8.88000000000000122568e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(65,12,14,9.02000000000000135003e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(66,12,15,9.25999999999999934274e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(67,12,16,0.877,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(68,12,17,8.71999999999999886313e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(69,12,18,9.17000000000000148325e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(70,12,19,0.875,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(71,12,20,0.916,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(72,13,1,0.4,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(73,13,2,3.33999999999999963584e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(74,14,1,0.466,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(75,14,2,0.512,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(76,14,3,0.589,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(77,14,4,0.552,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(78,14,5,6.57999999999999918287e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(79,14,6,0.725,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(80,14,7,8.01999999999999935162e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(81,14,8,0.76,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(82,14,9,8.64000000000000101252e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(83,14,10,0.779,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(84,14,11,8.96999999999999908517e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(85,14,12,8.68000000000000104805e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(86,14,13,8.72000000000000108357e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(87,14,14,8.96000000000000129674e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(88,14,15,0.929,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(89,14,16,8.92999999999999793942e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(90,14,17,0.875,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(91,14,18,9.24000000000000154543e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(92,14,19,8.96000000000000129674e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(93,14,20,0.905,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(94,15,1,0.462,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(95,15,2,0.518,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(96,15,3,0.588,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(97,15,4,0.546,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(98,15,5,0.661,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(99,15,6,0.718,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(100,15,7,8.10999999999999943156e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(101,15,8,0.757,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(102,15,9,0.859,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(103,15,10,0.768,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(104,15,11,8.95999999999999907629e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(105,15,12,8.64000000000000101252e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(106,15,13,0.875,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(107,15,14,8.95000000000000128785e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(108,15,15,9.26000000000000156319e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(109,15,16,8.9399999999999979483e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(110,15,17,0.869,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(111,15,18,9.19000000000000150102e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(112,16,1,0.462,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(113,16,2,5.05000000000000115463e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(114,16,3,5.91000000000000080824e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(115,16,4,5.15999999999999903188e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(116,16,5,0.66,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(117,16,6,0.681,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(118,17,1,0.449,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(119,17,2,0.484,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(120,17,3,0.662,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(121,17,4,0.577,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(122,17,5,0.694,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(123,17,6,7.00000000000000066613e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(124,18,1,0.458,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(125,18,2,0.512,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(126,18,3,0.591,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(127,18,4,0.626,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(128,18,5,7.03000000000000069277e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(129,18,6,0.699,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(130,19,1,0.48,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(131,19,2,0.562,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(132,19,3,0.626,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(133,19,4,0.52,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(134,19,5,0.68,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(135,19,6,0.704,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(136,20,1,6.33000000000000118127e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(137,20,2,0.73,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(138,20,3,7.98999999999999932498e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(139,20,4,0.826,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(140,20,5,0.851,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(141,20,6,8.78000000000000113686e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(142,21,1,4.32000000000000050626e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(143,21,2,0.438,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(144,21,3,4.58999999999999963584e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(145,21,4,4.69000000000000027977e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(146,21,5,4.82000000000000039523e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(147,21,6,0.523,'FINITE');
CREATE TABLE trial_params (
	param_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	param_name VARCHAR(512), 
	param_value FLOAT, 
	distribution_json TEXT, 
	PRIMARY KEY (param_id), 
	UNIQUE (trial_id, param_name), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_params" VALUES(1,1,'lr',1.23516555288064890615e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(2,1,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(3,1,'lam',9.59135607355482769365e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(4,2,'lr',1.64923950625843390715e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(5,2,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(6,2,'lam',1.83528800744445544888e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(7,3,'lr',3.08756104179212127747e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(8,3,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(9,3,'lam',2.61106083217033969889e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(10,4,'lr',2.16175421203792239577e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(11,4,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(12,4,'lam',5.3585089958257080267e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(13,5,'lr',4.63229944123792314325e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(14,5,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(15,5,'lam',9.34852304582424742385e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(16,6,'lr',1.23109972910437459603e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(17,6,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(18,6,'lam',8.17694489250708755889e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(19,7,'lr',1.6581763112742756161e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(20,7,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(21,7,'lam',6.24941950986572514192e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(22,8,'lr',5.68068580738804139451e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(23,8,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(24,8,'lam',1.15435874206389316176e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(25,9,'lr',2.00775597647183307037e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(26,9,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(27,9,'lam',6.31555042797344364652e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(28,10,'lr',4.7942968380366409245e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(29,10,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(30,10,'lam',1.21007765543601451818e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(31,11,'lr',1.64735602812512505269e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(32,11,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(33,11,'lam',7.12302187297022756928e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(34,12,'lr',2.47570680371532771124e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(35,12,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(36,12,'lam',4.74131958273441611595e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(37,13,'lr',2.86919797098699816406e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(38,13,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(39,13,'lam',9.54792735173006335003e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(40,14,'lr',2.43316481256858826998e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(41,14,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(42,14,'lam',9.17156821353634188476e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(43,15,'lr',2.31347322422675166775e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(44,15,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(45,15,'lam',9.08721355890037330027e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(46,16,'lr',9.24085288956153633188e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(47,16,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(48,16,'lam',8.12735668614392725572e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(49,17,'lr',5.48038147200556116644e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(50,17,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(51,17,'lam',1.16936629394480797253e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(52,18,'lr',6.08645444999439920452e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(53,18,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(54,18,'lam',3.10078598631793322937e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(55,19,'lr',1.25652193810138687601e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(56,19,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(57,19,'lam',0.548510300078878,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(58,20,'lr',0.0548572038169509,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(59,20,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(60,20,'lam',3.39399397919098233522e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(61,21,'lr',3.23844225932838885445e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(62,21,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(63,21,'lam',1.68229202383407,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 10.0, "log": true}}');
CREATE TABLE trial_system_attributes (
	trial_system_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_system_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_system_attributes" VALUES(1,1,'completed_rung_0','0.67');
INSERT INTO "trial_system_attributes" VALUES(2,1,'completed_rung_1','0.8720000000000001');
INSERT INTO "trial_system_attributes" VALUES(3,3,'completed_rung_0','0.7679999999999999');
INSERT INTO "trial_system_attributes" VALUES(4,3,'completed_rung_1','0.885');
INSERT INTO "trial_system_attributes" VALUES(5,3,'completed_rung_2','0.9490000000000001');
INSERT INTO "trial_system_attributes" VALUES(6,7,'completed_rung_0','0.5050000000000001');
INSERT INTO "trial_system_attributes" VALUES(7,8,'completed_rung_0','0.465');
INSERT INTO "trial_system_attributes" VALUES(8,9,'completed_rung_0','0.433');
INSERT INTO "trial_system_attributes" VALUES(9,11,'completed_rung_0','0.507');
INSERT INTO "trial_system_attributes" VALUES(10,12,'completed_rung_0','0.7100000000000001');
INSERT INTO "trial_system_attributes" VALUES(11,12,'completed_rung_1','0.9170000000000001');
INSERT INTO "trial_system_attributes" VALUES(12,13,'completed_rung_0','0.33399999999999996');
INSERT INTO "trial_system_attributes" VALUES(13,14,'completed_rung_0','0.9240000000000002');
INSERT INTO "trial_system_attributes" VALUES(14,15,'completed_rung_0','0.9190000000000002');
INSERT INTO "trial_system_attributes" VALUES(15,16,'completed_rung_0','0.681');
INSERT INTO "trial_system_attributes" VALUES(16,17,'completed_rung_0','0.7000000000000001');
INSERT INTO "trial_system_attributes" VALUES(17,18,'completed_rung_0','0.512');
INSERT INTO "trial_system_attributes" VALUES(18,18,'completed_rung_1','0.699');
INSERT INTO "trial_system_attributes" VALUES(19,19,'completed_rung_0','0.704');
INSERT INTO "trial_system_attributes" VALUES(20,20,'completed_rung_0','0.73');
INSERT INTO "trial_system_attributes" VALUES(21,20,'completed_rung_1','0.8780000000000001');
INSERT INTO "trial_system_attributes" VALUES(22,21,'completed_rung_0','0.523');
CREATE TABLE trial_user_attributes (
	trial_user_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_user_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_user_attributes" VALUES(1,1,'seconds','269.151');
INSERT INTO "trial_user_attributes" VALUES(2,1,'val_loss','0.41846261501312265');
INSERT INTO "trial_user_attributes" VALUES(3,1,'round','20');
INSERT INTO "trial_user_attributes" VALUES(4,1,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(5,2,'diverged','"non-finite training loss at round 2, client 11: training diverged (lower the learning rate); everything up to the previous round was kept"');
INSERT INTO "trial_user_attributes" VALUES(6,2,'seconds','22.282');
INSERT INTO "trial_user_attributes" VALUES(7,3,'seconds','278.015');
INSERT INTO "trial_user_attributes" VALUES(8,3,'val_loss','0.1938943557739258');
INSERT INTO "trial_user_attributes" VALUES(9,3,'round','14');
INSERT INTO "trial_user_attributes" VALUES(10,3,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(11,4,'diverged','"training loss 1.919e+11 at round 1 is above the limit 1e+06: training diverged (lower the learning rate; --diverge-factor / --diverge-loss set the rule, 0 turns a part off); everything up to that round was kept"');
INSERT INTO "trial_user_attributes" VALUES(12,4,'seconds','12.676');
INSERT INTO "trial_user_attributes" VALUES(13,5,'diverged','"non-finite training loss at round 1, client 9: training diverged (lower the learning rate); everything up to the previous round was kept"');
INSERT INTO "trial_user_attributes" VALUES(14,5,'seconds','6.0');
INSERT INTO "trial_user_attributes" VALUES(15,6,'diverged','"non-finite training loss at round 1, client 4: training diverged (lower the learning rate); everything up to the previous round was kept"');
INSERT INTO "trial_user_attributes" VALUES(16,6,'seconds','2.976');
INSERT INTO "trial_user_attributes" VALUES(17,7,'seconds','25.475');
INSERT INTO "trial_user_attributes" VALUES(18,8,'seconds','21.61');
INSERT INTO "trial_user_attributes" VALUES(19,9,'seconds','26.996');
INSERT INTO "trial_user_attributes" VALUES(20,11,'seconds','23.325');
INSERT INTO "trial_user_attributes" VALUES(21,12,'seconds','275.143');
INSERT INTO "trial_user_attributes" VALUES(22,12,'val_loss','0.23510465407371517');
INSERT INTO "trial_user_attributes" VALUES(23,12,'round','15');
INSERT INTO "trial_user_attributes" VALUES(24,12,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(25,13,'seconds','36.661');
INSERT INTO "trial_user_attributes" VALUES(26,14,'seconds','237.999');
INSERT INTO "trial_user_attributes" VALUES(27,14,'val_loss','0.2286741415262222');
INSERT INTO "trial_user_attributes" VALUES(28,14,'round','15');
INSERT INTO "trial_user_attributes" VALUES(29,14,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(30,15,'seconds','231.426');
INSERT INTO "trial_user_attributes" VALUES(31,16,'seconds','78.112');
INSERT INTO "trial_user_attributes" VALUES(32,17,'seconds','71.319');
INSERT INTO "trial_user_attributes" VALUES(33,18,'seconds','81.557');
INSERT INTO "trial_user_attributes" VALUES(34,19,'seconds','78.058');
INSERT INTO "trial_user_attributes" VALUES(35,20,'seconds','79.449');
INSERT INTO "trial_user_attributes" VALUES(36,21,'seconds','72.592');
CREATE TABLE trial_values (
	trial_value_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	objective INTEGER NOT NULL, 
	value FLOAT, 
	value_type VARCHAR(7) NOT NULL, 
	PRIMARY KEY (trial_value_id), 
	UNIQUE (trial_id, objective), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_values" VALUES(1,1,0,0.877,'FINITE');
INSERT INTO "trial_values" VALUES(2,2,0,3.69000000000000050182e-01,'FINITE');
INSERT INTO "trial_values" VALUES(3,3,0,0.952,'FINITE');
INSERT INTO "trial_values" VALUES(4,4,0,0.308,'FINITE');
INSERT INTO "trial_values" VALUES(5,7,0,5.05000000000000115463e-01,'FINITE');
INSERT INTO "trial_values" VALUES(6,8,0,0.465,'FINITE');
INSERT INTO "trial_values" VALUES(7,9,0,0.433,'FINITE');
INSERT INTO "trial_values" VALUES(8,11,0,0.507,'FINITE');
INSERT INTO "trial_values" VALUES(9,12,0,9.25999999999999934274e-01,'FINITE');
INSERT INTO "trial_values" VALUES(10,13,0,3.33999999999999963584e-01,'FINITE');
INSERT INTO "trial_values" VALUES(11,14,0,0.929,'FINITE');
INSERT INTO "trial_values" VALUES(12,15,0,9.19000000000000150102e-01,'FINITE');
INSERT INTO "trial_values" VALUES(13,16,0,0.681,'FINITE');
INSERT INTO "trial_values" VALUES(14,17,0,7.00000000000000066613e-01,'FINITE');
INSERT INTO "trial_values" VALUES(15,18,0,0.699,'FINITE');
INSERT INTO "trial_values" VALUES(16,19,0,0.704,'FINITE');
INSERT INTO "trial_values" VALUES(17,20,0,8.78000000000000113686e-01,'FINITE');
INSERT INTO "trial_values" VALUES(18,21,0,0.523,'FINITE');
CREATE TABLE trials (
	trial_id INTEGER NOT NULL, 
	number INTEGER, 
	study_id INTEGER, 
	state VARCHAR(8) NOT NULL, 
	datetime_start DATETIME, 
	datetime_complete DATETIME, 
	PRIMARY KEY (trial_id), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
INSERT INTO "trials" VALUES(1,0,1,'COMPLETE','2026-11-27 08:02:32.259127','2026-11-27 08:07:01.485156');
INSERT INTO "trials" VALUES(2,1,1,'PRUNED','2026-11-27 08:07:01.502375','2026-11-27 08:07:23.835637');
INSERT INTO "trials" VALUES(3,2,1,'COMPLETE','2026-11-27 08:07:23.847604','2026-11-27 08:12:01.923382');
INSERT INTO "trials" VALUES(4,3,1,'PRUNED','2026-11-27 08:12:01.946984','2026-11-27 08:12:14.681968');
INSERT INTO "trials" VALUES(5,4,1,'PRUNED','2026-11-27 08:12:14.696216','2026-11-27 08:12:20.751078');
INSERT INTO "trials" VALUES(6,5,1,'PRUNED','2026-11-27 08:12:20.766131','2026-11-27 08:12:23.816324');
INSERT INTO "trials" VALUES(7,6,1,'PRUNED','2026-11-27 08:12:23.830651','2026-11-27 08:12:49.349782');
INSERT INTO "trials" VALUES(8,7,1,'PRUNED','2026-11-27 08:12:49.366553','2026-11-27 08:13:11.035919');
INSERT INTO "trials" VALUES(9,8,1,'PRUNED','2026-11-27 08:13:11.059184','2026-11-27 08:13:38.113531');
INSERT INTO "trials" VALUES(10,9,1,'FAIL','2026-11-27 08:13:38.130344','2026-11-27 15:36:34.150230');
INSERT INTO "trials" VALUES(11,10,1,'PRUNED','2026-11-27 15:36:34.162896','2026-11-27 15:36:57.554713');
INSERT INTO "trials" VALUES(12,11,1,'COMPLETE','2026-11-27 15:36:57.569564','2026-11-27 15:41:32.778752');
INSERT INTO "trials" VALUES(13,12,1,'PRUNED','2026-11-27 15:41:32.804416','2026-11-27 15:42:09.512520');
INSERT INTO "trials" VALUES(14,13,1,'COMPLETE','2026-11-27 15:42:09.527539','2026-11-27 15:46:07.657436');
INSERT INTO "trials" VALUES(15,14,1,'PRUNED','2026-11-27 15:46:07.682555','2026-11-27 15:49:59.182463');
INSERT INTO "trials" VALUES(16,15,1,'PRUNED','2026-11-27 15:49:59.200705','2026-11-27 15:51:17.373400');
INSERT INTO "trials" VALUES(17,16,1,'PRUNED','2026-11-27 15:51:17.387734','2026-11-27 15:52:28.764223');
INSERT INTO "trials" VALUES(18,17,1,'PRUNED','2026-11-27 15:52:28.785619','2026-11-27 15:53:50.408809');
INSERT INTO "trials" VALUES(19,18,1,'PRUNED','2026-11-27 15:53:50.421374','2026-11-27 15:55:08.531014');
INSERT INTO "trials" VALUES(20,19,1,'PRUNED','2026-11-27 15:55:08.544266','2026-11-27 15:56:28.050610');
INSERT INTO "trials" VALUES(21,20,1,'PRUNED','2026-11-27 15:56:28.072670','2026-11-27 15:57:40.737555');
CREATE TABLE version_info (
	version_info_id INTEGER NOT NULL, 
	schema_version INTEGER, 
	library_version VARCHAR(256), 
	PRIMARY KEY (version_info_id), 
	CHECK (version_info_id=1)
);
INSERT INTO "version_info" VALUES(1,12,'4.9.0');
CREATE UNIQUE INDEX ix_studies_study_name ON studies (study_name);
CREATE INDEX ix_trials_study_id ON trials (study_id);
COMMIT;
